// The migrator runs annotated SQL: its users read the schema model and its errors.
@_exported import CoddSchema

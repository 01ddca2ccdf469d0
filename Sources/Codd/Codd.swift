@_exported import CoddCore
@_exported import CoddSQLite

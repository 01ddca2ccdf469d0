@_exported import CoddCore
@_exported import CoddSQLite
@_exported import CoddQuery

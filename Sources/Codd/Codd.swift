@_exported import CoddCore
@_exported import CoddSQLite
@_exported import CoddQuery
@_exported import CoddUUID
@_exported import CoddDate
@_exported import CoddDecimal
@_exported import CoddJSON
@_exported import CoddJSONQuery

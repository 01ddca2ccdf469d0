/// A named parameter of a prepared statement was misused.
public enum SQLParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name is not an identifier (`[A-Za-z_][A-Za-z0-9_]*`).
    case invalidName(String)
    /// The statement has a parameter with this name, and no value was given for it.
    case missingValue(name: String, sql: String)
    /// A value was given for a name the statement has no parameter for.
    case unknownName(name: String, sql: String)
    /// Two values were given for one name.
    case duplicateValue(name: String)
    /// The statement has named parameters and was executed as an ordinary statement, with
    /// no values for them: prepare it (`prepared()`) and pass the values.
    case unbound(names: [String], sql: String)

    public var description: String {
        switch self {
        case .invalidName(let name):
            "Invalid parameter name \(SQLValuePreview.truncated(name.debugDescription)): use letters, digits and _, not starting with a digit"
        case .missingValue(let name, let sql):
            "No value for parameter :\(name) of \(sql)"
        case .unknownName(let name, let sql):
            "A value was given for parameter :\(name), which \(sql) does not have"
        case .duplicateValue(let name):
            "Two values were given for parameter :\(name)"
        case .unbound(let names, let sql):
            "\(sql) has named parameters (\(names.map { ":" + $0 }.joined(separator: ", "))): prepare it and pass their values"
        }
    }
}

import CoddCore

/// The `wrapSQL` of every Date representation: each turns its stored form into a julian
/// day, so that dates in any representation compare as instants, with each other and with
/// SQLite's own date functions.
enum DateWrap {
    /// `julianday(x)`: text in any format SQLite reads, or a julian day.
    @inline(__always)
    static func julianDay(_ context: inout SQLBuilder, _ builder: (inout SQLBuilder) throws -> Void) rethrows {
        try context.function("julianday") { try $0.listItem(builder) }
    }

    /// `julianday(x, 'unixepoch')`: unix seconds.
    @inline(__always)
    static func unixSeconds(_ context: inout SQLBuilder, _ builder: (inout SQLBuilder) throws -> Void) rethrows {
        try context.function("julianday") {
            try $0.listItem(builder)
            $0.listItem { $0.text("unixepoch") }
        }
    }

    /// `julianday(x / 1000.0, 'unixepoch')`: unix milliseconds.
    static func unixMilliseconds(_ context: inout SQLBuilder, _ builder: (inout SQLBuilder) throws -> Void) rethrows {
        // `/` binds tighter than an operation: parenthesize an operand unless it renders
        // as one token (a column, a parameter, a number). Rendered in a copy to find out.
        var probe = context
        probe.openParenthesis()
        let start = probe.sql.utf8.count
        try builder(&probe)
        let isOneToken = !probe.sql.utf8.dropFirst(start).contains { $0 == UInt8(ascii: " ") }
        try context.function("julianday") {
            try $0.listItem {
                if isOneToken {
                    try builder(&$0)
                } else {
                    try $0.parenthesized(builder)
                }
                $0.keyword("/ 1000.0")
            }
            $0.listItem { $0.text("unixepoch") }
        }
    }
}

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
        try context.function("julianday") {
            try $0.listItem { try millisecondsAsSeconds(&$0, builder) }
            $0.listItem { $0.text("unixepoch") }
        }
    }

    /// `x / 1000.0`.
    static func millisecondsAsSeconds(_ context: inout SQLBuilder, _ builder: (inout SQLBuilder) throws -> Void) rethrows {
        // `/` binds tighter than an operation: parenthesize an operand unless it renders
        // as one token (a column, a parameter, a number). Rendered in a copy to find out.
        var probe = context
        probe.openParenthesis()
        let start = probe.sqlBytes.count
        try builder(&probe)
        let isOneToken = isSingleOperand(Array(probe.sqlBytes.dropFirst(start)))
        if isOneToken {
            try builder(&context)
        } else {
            try context.parenthesized(builder)
        }
        context.keyword("/ 1000.0")
    }

    /// `strftime('%Y-%m-%d %H:%M:%f', x[, 'unixepoch'])`: a numeric date as the default
    /// TEXT codec's form, its JSON form.
    static func text(
        _ context: inout SQLBuilder, unixEpoch: Bool, _ operand: (inout SQLBuilder) throws -> Void
    ) rethrows {
        try context.function("strftime") {
            $0.listItem { $0.text("%Y-%m-%d %H:%M:%f") }
            try $0.listItem(operand)
            if unixEpoch { $0.listItem { $0.text("unixepoch") } }
        }
    }

    /// Whether rendered SQL is one operand `/` cannot split: `?`, a number, or a quoted
    /// identifier chain (`"t"."c"`). Anything else (`1704067200000+1000`) is parenthesized.
    static func isSingleOperand(_ sql: [UInt8]) -> Bool {
        if sql == [UInt8(ascii: "?")] { return true }
        if let first = sql.first, first == UInt8(ascii: "\"") {
            // Quoted segments joined by dots; a doubled quote stays inside a segment.
            var index = 0
            while index < sql.count {
                guard sql[index] == UInt8(ascii: "\"") else { return false }
                index += 1
                while true {
                    guard index < sql.count else { return false }
                    if sql[index] == UInt8(ascii: "\"") {
                        if index + 1 < sql.count, sql[index + 1] == UInt8(ascii: "\"") { index += 2; continue }
                        index += 1
                        break
                    }
                    index += 1
                }
                if index == sql.count { return true }
                guard sql[index] == UInt8(ascii: ".") else { return false }
                index += 1
            }
            return false
        }
        // A number: digits, one dot, an exponent with its own sign.
        var sawDigit = false
        for (index, byte) in sql.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): continue
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard index > 0, sql[index - 1] == UInt8(ascii: "e") || sql[index - 1] == UInt8(ascii: "E") else { return false }
            default: return false
            }
        }
        return sawDigit
    }
}

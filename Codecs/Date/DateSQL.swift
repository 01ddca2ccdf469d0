import CoddCore

/// SQL the Date representations share.
enum DateSQL {
    /// `x / 1000.0`.
    static func millisecondsAsSeconds(_ builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        // `/` binds tighter than an operation: parenthesize an operand unless it renders
        // as one token (a column, a parameter, a number). Rendered in a copy to find out.
        var probe = builder
        probe.openParenthesis()
        let start = probe.sqlBytes.count
        try expression(&probe)
        let isOneToken = isSingleOperand(Array(probe.sqlBytes.dropFirst(start)))
        if isOneToken {
            try expression(&builder)
        } else {
            try builder.parenthesized(expression)
        }
        builder.keyword("/ 1000.0")
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
                guard index > 0, sql[index - 1] == UInt8(ascii: "e") || sql[index - 1] == UInt8(ascii: "E") else {
                    return false
                }
            default: return false
            }
        }
        return sawDigit
    }

    /// `strftime(format, …)`: a TEXT representation's stored form.
    static func text(
        _ format: String, _ builder: inout SQLBuilder, _ arguments: (inout SQLBuilder) throws -> Void
    ) rethrows {
        try builder.function("strftime") {
            $0.listItem { $0.text(format) }
            try arguments(&$0)
        }
    }

    /// `round((julianday(…) - 2440587.5) * 86400000.0)`: milliseconds since 1970, exact (the
    /// julian day is within a fraction of a millisecond of SQLite's own count).
    static func unixMilliseconds(_ builder: inout SQLBuilder, _ arguments: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("round") {
            try $0.listItem { builder in
                try builder.parenthesized { builder in
                    try builder.function("julianday", arguments)
                    builder.keyword("- 2440587.5")
                }
                builder.keyword("* 86400000.0")
            }
        }
    }
}

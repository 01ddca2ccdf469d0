extension SQLBuilder {
    /// Appends a natively typed value as its dialect renders it (``SQLDialectSpelling/renderNative(_:into:)``):
    /// on PostgreSQL a placeholder with a cast (`$1::uuid`), or a literal, by ``mode``.
    package mutating func nativeValue(_ value: SQLNativeValue) throws {
        try dialect.spelling.renderNative(value, into: &self)
    }

    /// Appends a postfix cast right after the last token, with no space: `::uuid` (PostgreSQL).
    public mutating func postfixCast(_ type: StaticString) {
        sqlBuffer.append(UInt8(ascii: ":"))
        sqlBuffer.append(UInt8(ascii: ":"))
        appendBytes(of: type)
    }
}

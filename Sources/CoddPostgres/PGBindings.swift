#if PostgreSQL
import CoddCore
import Foundation
import PostgresNIO

/// One bound parameter in PostgreSQL's binary form: a rendered statement's values (SQLite
/// storage classes: `int8`, `float8`, `text`, `bytea`) and, for values bound straight
/// from Swift, the native types (`uuid`, `timestamptz`, `jsonb`, `boolean`).
enum PGParameter: PostgresDynamicTypeEncodable {
    case value(SQLValue)
    case native(SQLNativeValue)

    var psqlType: PostgresDataType {
        switch self {
        case .value(.integer): .int8
        case .value(.real): .float8
        case .value(.blob): .bytea
        case .value(.text), .value(.null): .text
        case .native(.uuid): .uuid
        case .native(.timestamp): .timestamptz
        case .native(.jsonb): .jsonb
        case .native(.boolean): .bool
        case .native(.numeric): .numeric
        }
    }

    var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        switch self {
        case .value(.null): break
        case .value(.integer(let value)): buffer.writeInteger(value)
        case .value(.real(let value)): buffer.writeInteger(value.bitPattern)
        case .value(.text(let text)): buffer.writeString(text)
        case .value(.blob(let bytes)): buffer.writeBytes(bytes)
        case .native(.uuid(let uuid)): withUnsafeBytes(of: uuid.uuid) { _ = buffer.writeBytes($0) }
        case .native(.timestamp(let microseconds)):
            buffer.writeInteger(microseconds &- PGRowReader.postgresEpochMicroseconds)
        case .native(.jsonb(let json)):
            buffer.writeInteger(UInt8(1))
            buffer.writeString(json)
        case .native(.boolean(let flag)): buffer.writeInteger(UInt8(flag ? 1 : 0))
        case .native(.numeric(let text)): PGNumeric.write(text, into: &buffer)
        }
    }
}

/// Binds values straight from Swift (`execute("… $1", uuid)`), natives in their own types.
struct PGBindingContext: SQLBindingContext {
    var bindings = PostgresBindings()

    mutating func bindNull() { bindings.appendNull() }
    mutating func bindInteger(_ value: Int64) { bindings.append(PGParameter.value(.integer(value))) }
    mutating func bindReal(_ value: Double) { bindings.append(PGParameter.value(.real(value))) }
    mutating func bindText(_ value: String) { bindings.append(PGParameter.value(.text(value))) }

    mutating func bindText(utf8 bytes: UnsafeRawBufferPointer) throws {
        guard let text = SQLUTF8.decodeUTF8(bytes) else { throw SQLUTF8.invalidUTF8Error(bytes) }
        bindText(text)
    }

    mutating func bindBlob(_ bytes: UnsafeRawBufferPointer) { bindings.append(PGParameter.value(.blob(Array(bytes)))) }

    /// Binds `value`: a natively typed one in its native type (asked before `bind(into:)`,
    /// which binds storage classes only), any other through `bind(into:)`.
    mutating func bindValue(_ value: some SQLBindable) throws {
        if let typed = value as? any SQLNativelyTyped, let native = try typed.nativeValue {
            if case .timestamp(let microseconds) = native { try PostgreSQLSpelling.checkTimestamp(microseconds) }
            bindings.append(PGParameter.native(native))
        } else {
            try value.bind(into: &self)
        }
    }

    /// A rendered statement's values (their natives already cast in its SQL: `$1::uuid`).
    static func bindings(_ values: [SQLValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            if case .null = value { bindings.appendNull() } else { bindings.append(PGParameter.value(value)) }
        }
        return bindings
    }
}
#endif

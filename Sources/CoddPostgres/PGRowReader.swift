#if PostgreSQL
import CoddCore
import Foundation
import PostgresNIO

/// Codd's column reader over a row postgres-nio received: `@Table` initializers,
/// `@Selection`s and every codec decode PostgreSQL rows through it, unchanged.
///
/// Binary values map to SQLite's storage classes: integers and `boolean` (0/1) to
/// INTEGER, floats and `numeric` to REAL (a whole `numeric` that an `Int64` holds exactly,
/// such as `sum` of integers, to INTEGER, read digit for digit; see ``PGNumeric/number(_:)``),
/// text, `json` and `jsonb` (its version byte skipped) to TEXT, `bytea` to
/// BLOB. Native types reach the codecs through the reader's hooks: a `uuid` is a 16-byte
/// BLOB and `readNative(at:)`; a `timestamptz` is INTEGER microseconds since 1970 and
/// `readNative(at:)`.
struct PGRowReader: SQLColumnReader {
    /// Per column: its type, format and name (the same for every row of a result).
    var types: [PostgresDataType] = []
    var formats: [PostgresFormat] = []
    var names: [String] = []
    /// The current row's cells; `nil` is NULL.
    var cells: [ByteBuffer?] = []
    /// The table the rows come from, when the statement reads one `@Table`: named in
    /// decoding errors (PostgreSQL's row description holds only its OID).
    var table: String?

    init(table: String?) {
        self.table = table
    }

    /// Loads `row`; the first row also sets the column descriptions.
    mutating func load(_ row: PostgresRow) {
        cells.removeAll(keepingCapacity: true)
        if names.isEmpty {
            for cell in row {
                types.append(cell.dataType)
                formats.append(cell.format)
                names.append(cell.columnName)
                cells.append(cell.bytes)
            }
        } else {
            for cell in row { cells.append(cell.bytes) }
        }
    }

    var columnCount: Int { names.count }

    func columnName(at index: Int) -> String { index < names.count ? names[index] : "#\(index)" }

    func tableName(at index: Int) -> String? { table }

    func storage(at index: Int) -> SQLStorage {
        guard index < cells.count, let bytes = cells[index] else { return .null }
        if formats[index] == .text { return .text }
        switch types[index] {
        case .int2, .int4, .int8, .bool, .oid, .timestamptz, .timestamp: return .integer
        case .float4, .float8: return .real
        case .numeric:
            if case .integer = PGNumeric.number(bytes) { return .integer }
            return .real
        case .text, .varchar, .bpchar, .name, .json, .jsonb, .unknown: return .text
        default: return .blob
        }
    }

    func readInt64(at index: Int) -> Int64 {
        guard index < cells.count, let bytes = cells[index] else { return 0 }
        let start = bytes.readerIndex
        switch types[index] {
        case .int8, .timestamptz, .timestamp:
            let value = bytes.getInteger(at: start, as: Int64.self) ?? 0
            // timestamps count from 2000-01-01: shift to 1970.
            return types[index] == .int8 ? value : value &+ Self.postgresEpochMicroseconds
        case .int4, .oid: return Int64(bytes.getInteger(at: start, as: Int32.self) ?? 0)
        case .int2: return Int64(bytes.getInteger(at: start, as: Int16.self) ?? 0)
        case .bool: return (bytes.getInteger(at: start, as: UInt8.self) ?? 0) != 0 ? 1 : 0
        case .float4, .float8: return Int64(exactly: readDouble(at: index).rounded(.towardZero)) ?? 0
        case .numeric:
            switch PGNumeric.number(bytes) {
            case .integer(let value): return value
            case .real(let value): return Int64(exactly: value.rounded(.towardZero)) ?? 0
            case nil: return 0
            }
        default: return 0
        }
    }

    func readDouble(at index: Int) -> Double {
        guard index < cells.count, let bytes = cells[index] else { return 0 }
        let start = bytes.readerIndex
        switch types[index] {
        case .float8: return Double(bitPattern: bytes.getInteger(at: start, as: UInt64.self) ?? 0)
        case .float4: return Double(Float(bitPattern: bytes.getInteger(at: start, as: UInt32.self) ?? 0))
        case .numeric:
            switch PGNumeric.number(bytes) {
            case .integer(let value): return Double(value)
            case .real(let value): return value
            case nil: return 0
            }
        case .int2, .int4, .int8, .bool: return Double(readInt64(at: index))
        default: return 0
        }
    }

    func withUnsafeTextBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard index < cells.count, let bytes = cells[index] else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        if types[index] == .jsonb && formats[index] == .binary {
            // Binary jsonb: a version byte (1), then the document's text.
            return try bytes.withUnsafeReadableBytes { try body(UnsafeRawBufferPointer(rebasing: $0.dropFirst(1))) }
        }
        return try bytes.withUnsafeReadableBytes(body)
    }

    func withUnsafeBlobBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard index < cells.count, let bytes = cells[index] else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return try bytes.withUnsafeReadableBytes(body)
    }

    /// A `uuid`, a `timestamptz` / `timestamp` or a `numeric` cell in its native form.
    func readNative(at index: Int) -> SQLNativeValue? {
        guard index < cells.count, formats[index] == .binary, let bytes = cells[index] else { return nil }
        switch types[index] {
        case .uuid:
            guard bytes.readableBytes == 16 else { return nil }
            return bytes.withUnsafeReadableBytes { raw in
                var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: raw) }
                return .uuid(UUID(uuid: uuid))
            }
        case .timestamptz, .timestamp:
            guard let value = bytes.getInteger(at: bytes.readerIndex, as: Int64.self) else { return nil }
            return .timestamp(microsecondsSince1970: value &+ Self.postgresEpochMicroseconds)
        case .numeric:
            return PGNumeric.text(bytes).map { .numeric($0) }
        default:
            return nil
        }
    }

    /// Microseconds from 1970-01-01 to 2000-01-01, PostgreSQL's epoch.
    static let postgresEpochMicroseconds: Int64 = 946_684_800_000_000

    /// A `numeric` shows all its digits (`NaN`, `Infinity` as PostgreSQL spells them),
    /// where its storage class would show the nearest `Double`.
    func valuePreview(at index: Int) -> String {
        guard index < cells.count, types[index] == .numeric, formats[index] == .binary, let bytes = cells[index] else {
            return storageValuePreview(at: index)
        }
        if let text = PGNumeric.text(bytes) { return SQLValuePreview.truncated(text) }
        switch PGNumeric.number(bytes) {
        case .real(let value) where value.isNaN: return "NaN"
        case .real(let value) where value.isInfinite: return value < 0 ? "-Infinity" : "Infinity"
        default: return storageValuePreview(at: index)
        }
    }
}
#endif

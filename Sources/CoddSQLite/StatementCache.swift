#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Prepared statements keyed by the UTF-8 bytes of their SQL.
///
/// A lookup takes bytes, so SQL rendered by the query builder (which renders bytes) finds
/// its statement without making a `String`, and SQL passed as a `String` is read in place.
/// Statements are filed under a hash of the bytes and matched by comparing every byte: two
/// different SQL texts never share a statement, whatever their hashes.
struct StatementCache {
    /// Statements by hash; a bucket holds more than one only on a hash collision.
    private var buckets: [Int: [Statement]] = [:]
    /// The number of statements held.
    private(set) var count = 0
    /// The statement found or inserted last: a loop that runs one statement (an insert
    /// per row, a point query per key) finds it by comparing bytes, with no hash or lookup.
    private var recent: Statement?

    /// A hash of SQL bytes: FNV-1a over 8-byte words (SQL is the application's own text,
    /// so no flooding defence is needed; collisions cost a comparison, never a wrong match).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var offset = 0
        let count = bytes.count
        while offset + 8 <= count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            offset += 8
        }
        while offset < count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        return Int(truncatingIfNeeded: hash ^ UInt64(count))
    }

    /// The statement found or inserted last, if its SQL is exactly `bytes`.
    @inline(__always)
    func recentStatement(for bytes: UnsafeRawBufferPointer) -> Statement? {
        guard let recent, recent.hasSQL(bytes) else { return nil }
        return recent
    }

    /// The statement found or inserted last, if its SQL is the very `String` `sql` (the
    /// same literal, or the same storage): the two representations' bits are compared,
    /// with no byte of the text read. The statement's own copy keeps that storage alive,
    /// so equal bits are equal text; a small string's bits are its text.
    @inline(__always)
    func recentStatement(identicalTo sql: String) -> Statement? {
        guard let recent, Self.sameRepresentation(recent.sql, sql) else { return nil }
        return recent
    }

    @inline(__always)
    static func sameRepresentation(_ a: String, _ b: String) -> Bool {
        withUnsafeBytes(of: a) { a in
            withUnsafeBytes(of: b) { b in
                var offset = 0
                while offset + 8 <= a.count {
                    guard
                        a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                            == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    else { return false }
                    offset += 8
                }
                while offset < a.count {
                    guard a[offset] == b[offset] else { return false }
                    offset += 1
                }
                return true
            }
        }
    }

    /// The cached statement whose SQL is exactly `bytes`, which becomes the recent one.
    @inline(__always)
    mutating func statement(for bytes: UnsafeRawBufferPointer, hash: Int) -> Statement? {
        guard let bucket = buckets[hash] else { return nil }
        for statement in bucket where statement.hasSQL(bytes) {
            recent = statement
            return statement
        }
        return nil
    }

    mutating func insert(_ statement: Statement, hash: Int) {
        buckets[hash, default: []].append(statement)
        count += 1
        recent = statement
    }

    /// Drops up to `limit` statements that are not in use (in no particular order).
    mutating func removeIdle(limit: Int) {
        var removed = 0
        for (hash, bucket) in buckets where removed < limit {
            let kept = bucket.filter { statement in
                guard removed < limit, !statement.isInUse else { return true }
                removed += 1
                return false
            }
            buckets[hash] = kept.isEmpty ? nil : kept
        }
        count -= removed
        // It may have been dropped: never hand out a statement the cache no longer holds.
        recent = nil
    }

    /// Drops every statement that is not in use.
    mutating func removeAllIdle() {
        removeIdle(limit: .max)
    }

    mutating func removeAll() {
        buckets = [:]
        count = 0
        recent = nil
    }
}

extension Statement {
    /// Whether the statement was prepared from exactly `bytes`.
    @inline(__always)
    func hasSQL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        sqlUTF8.withUnsafeBytes { own in
            guard own.count == bytes.count else { return false }
            guard let ownBase = own.baseAddress, let base = bytes.baseAddress else { return true }
            return memcmp(ownBase, base, own.count) == 0
        }
    }
}

/// The UTF-8 bytes of SQL a builder writes, in place.
///
/// An `Array`'s `append` checks uniqueness and capacity and goes through a generic copy on
/// every call, about 50 instructions, and a statement renders some 25 tokens: this buffer
/// writes a token with one check and a copy. Copies of a buffer share its storage until
/// one of them writes (copy on write), as an array's do.
package struct SQLByteBuffer: @unchecked Sendable {
    /// Owns the allocation; its uniqueness says whether a write may go in place.
    @usableFromInline
    final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<UInt8>
        @usableFromInline let capacity: Int

        @usableFromInline
        init(capacity: Int) {
            self.capacity = capacity
            base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    @usableFromInline var storage: Storage?
    /// The bytes written, at the start of the storage.
    @usableFromInline package private(set) var count = 0

    @inlinable
    package init() {}

    /// The room allocated, in bytes.
    @inlinable
    package var capacity: Int { storage?.capacity ?? 0 }

    @inlinable
    package var isEmpty: Bool { count == 0 }

    /// The last byte, or `nil` when there is none.
    @inlinable
    package var last: UInt8? {
        guard count > 0, let storage else { return nil }
        return storage.base[count - 1]
    }

    /// Whether a token written next needs a space before it: not at the start, nor after
    /// `(` or a space.
    @inlinable
    package var needsSeparator: Bool {
        guard count > 0, let storage else { return false }
        let last = storage.base[count - 1]
        return last != UInt8(ascii: "(") && last != UInt8(ascii: " ")
    }

    /// Makes room for `extra` more bytes, in storage of this buffer's own.
    @inlinable @inline(__always)
    mutating func prepareToWrite(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        // Uniqueness first: binding the storage to a name would count as a second reference.
        if isKnownUniquelyReferenced(&storage) {
            let storage = storage.unsafelyUnwrapped
            if count + extra <= storage.capacity { return storage.base + count }
            return grow(toFit: count + extra, doubling: true) + count
        }
        return grow(toFit: count + extra, doubling: false) + count
    }

    /// New storage of at least `minimum` bytes, the bytes so far copied: twice the room when
    /// this buffer's own is full, the same room when it was shared.
    @usableFromInline @inline(never)
    mutating func grow(toFit minimum: Int, doubling: Bool) -> UnsafeMutablePointer<UInt8> {
        let capacity = Swift.max(minimum, doubling ? self.capacity * 2 : self.capacity, 64)
        let new = Storage(capacity: capacity)
        if let storage, count > 0 { new.base.update(from: storage.base, count: count) }
        storage = new
        return new.base
    }

    @inlinable
    package mutating func append(_ byte: UInt8) {
        prepareToWrite(1).pointee = byte
        count += 1
    }

    @inlinable
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        Self.copy(source, to: prepareToWrite(bytes.count), count: bytes.count)
        count += bytes.count
    }

    /// Appends a one-byte token (`?`, `(`), a space before it when `spaced`.
    @inlinable
    package mutating func append(_ byte: UInt8, spaced: Bool) {
        let target = prepareToWrite(2)
        if spaced {
            target.pointee = UInt8(ascii: " ")
            target[1] = byte
            count += 2
        } else {
            target.pointee = byte
            count += 1
        }
    }

    /// Appends a token, a space before it when `spaced`, with one check for room.
    @inlinable
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, spaced: Bool) {
        let space = spaced ? 1 : 0
        let target = prepareToWrite(bytes.count + space)
        if spaced { target.pointee = UInt8(ascii: " ") }
        if let source = bytes.baseAddress { Self.copy(source, to: target + space, count: bytes.count) }
        count += bytes.count + space
    }

    /// Appends `bytes` between two `delimiter`s (`"name"`), a space before when `spaced`,
    /// with one check for room.
    @inlinable
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, between delimiter: UInt8, spaced: Bool = false) {
        let space = spaced ? 1 : 0
        let target = prepareToWrite(bytes.count + 2 + space)
        if spaced { target.pointee = UInt8(ascii: " ") }
        target[space] = delimiter
        if let source = bytes.baseAddress { Self.copy(source, to: target + space + 1, count: bytes.count) }
        target[space + bytes.count + 1] = delimiter
        count += bytes.count + 2 + space
    }

    /// Copies `count` bytes that do not overlap. A token (a keyword, a name) is a few bytes:
    /// up to 16 are copied with two loads and two stores, each of 8, 4 or 1 bytes, which may
    /// overlap in the middle, where a call of `memcpy` costs some 30 instructions a token.
    @inlinable @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 && count <= 16 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 && count < 8 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else if count > 0 && count < 4 {
            // 1 to 3 bytes: the first, the middle and the last (some the same byte).
            target[0] = source[0]
            target[count >> 1] = source[count >> 1]
            target[count - 1] = source[count - 1]
        } else if count > 16 {
            target.update(from: source, count: count)
        }
    }

    package mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        for byte in bytes { append(byte) }
    }

    /// Reserves room for `capacity` bytes in all.
    package mutating func reserveCapacity(_ capacity: Int) {
        if capacity > count { _ = prepareToWrite(capacity - count) }
    }

    /// Forgets the bytes, keeping the storage: a buffer that still shares it with another
    /// copies it before its next write, as for any write.
    @inlinable
    package mutating func removeAll() {
        count = 0
    }

    /// Reverses the bytes from `start` on (a number written backwards, digit by digit).
    package mutating func reverse(from start: Int) {
        guard count - start > 1 else { return }
        let base = prepareToWrite(0) - count
        var digits = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        digits.reverse()
    }

    /// The bytes, read in place.
    @inlinable
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let storage else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try withExtendedLifetime(storage) {
            try body(UnsafeRawBufferPointer(start: storage.base, count: count))
        }
    }

    /// The bytes as an array.
    package var array: [UInt8] {
        withUnsafeBytes { Array($0) }
    }
}

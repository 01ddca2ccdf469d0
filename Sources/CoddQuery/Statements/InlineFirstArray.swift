/// An array whose first element is held inline, the rest in an `Array`.
///
/// A statement's tables and conditions are lists that usually hold one element: as `Array`s
/// they cost an allocation and a free each on every statement built (about 450
/// instructions a point query for the two).
///
/// The first element is stored, not optional: an element is read in place (`_read`), and an
/// optional's payload cannot be, so reading one field of a table would copy all of it. An
/// empty array holds a placeholder there, which is never read.
@usableFromInline
struct InlineFirstArray<Element> {
    @usableFromInline var head: Element
    @usableFromInline var tail: [Element]
    @usableFromInline var storedCount: Int

    /// An array of one element.
    @inlinable
    init(first: Element) {
        head = first
        tail = []
        storedCount = 1
    }

    /// An empty array; `placeholder` fills the inline slot until an element is appended.
    @inlinable
    init(placeholder: Element) {
        head = placeholder
        tail = []
        storedCount = 0
    }

    /// Appends `element`: inline when the array is empty.
    @inlinable
    mutating func append(_ element: Element) {
        if storedCount == 0 { head = element } else { tail.append(element) }
        storedCount += 1
    }

    @inlinable
    mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    @inlinable
    static func += <S: Sequence>(array: inout Self, elements: S) where S.Element == Element {
        array.append(contentsOf: elements)
    }

    /// An array of `elements`, with this one's inline element as its placeholder.
    @inlinable
    func replacing(with elements: [Element]) -> Self {
        var result = Self(placeholder: head)
        result.append(contentsOf: elements)
        return result
    }
}

extension InlineFirstArray: RandomAccessCollection, MutableCollection {
    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { storedCount }
    @inlinable var isEmpty: Bool { storedCount == 0 }
    @inlinable var count: Int { storedCount }
    /// A range, not `DefaultIndices`: those hold a copy of the whole collection.
    @inlinable var indices: Range<Int> { 0..<storedCount }

    @inlinable
    subscript(position: Int) -> Element {
        _read {
            precondition(position >= 0 && position < storedCount, "index out of range")
            if position == 0 { yield head } else { yield tail[position - 1] }
        }
        _modify {
            precondition(position >= 0 && position < storedCount, "index out of range")
            if position == 0 { yield &head } else { yield &tail[position - 1] }
        }
    }
}

extension InlineFirstArray: Sendable where Element: Sendable {}

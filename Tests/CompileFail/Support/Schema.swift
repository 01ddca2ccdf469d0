// Shared declarations for the compile-fail fixtures. scripts/check-compile-fail.sh
// type-checks this file together with each fixture (one fixture at a time), and
// Control.swift proves it compiles on its own.
import Codd
import Foundation

/// A UUID stored as lowercase TEXT: a representation whose `Represented` is `UUID`.
struct UUIDText: SQLCustomType, SQLEquatable {
    var represented: UUID

    init(represented: UUID) {
        self.represented = represented
    }

    static var storage: SQLStorage { .text }

    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let text = try String(reader: reader, at: index)
        guard let uuid = UUID(uuidString: text) else {
            throw reader.decodingError(
                at: index, for: UUIDText.self, expected: [.text], reason: .invalidValue("not a UUID")
            )
        }
        represented = uuid
    }

    func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(represented.uuidString.lowercased())
    }
}

/// An enum column's type: its raw text is its stored form.
enum AttachmentKind: String, SQLCustomType, SQLEquatable {
    case file, link
}

/// One column of each kind the fixtures need.
@Table
struct Attachment {
    let id: Int
    var name: String = ""
    var size: Double = 0
    var isHidden: Bool = false
    var payload: Data = Data()
    var bytes: [UInt8] = []
    @Column(as: UUIDText.self) var externalID: UUID
    var parentID: Int?
    var createdAt: Date = Date()
    var deletedAt: Date?
    var price: Decimal = 0
    var kind: AttachmentKind = .file
    var previousKind: AttachmentKind?
}

/// Rows of two common table expressions of the same shape.
@Table @Selection
struct Step {
    let value: Int
}

@Table @Selection
struct OtherStep {
    let value: Int
}

/// A view the DSL only reads: no `insert`, `update` or `delete`.
@Table("visibleAttachments")
struct VisibleAttachment: ReadOnlyView {
    let id: Int
    var name: String = ""
}

/// A table keyed by text: its `Draft` takes the key.
@Table
struct Label {
    let id: String
    var title: String = ""
}

import Foundation

/// Type names for error messages: `Int`, `Reminder.Priority`, `Optional<Int>`,
/// `UUID.BlobRepresentation`, `Tagged<Note, UUID>`.
@usableFromInline
package enum SQLTypeName {
    /// The name of `type` without module prefixes, in generic arguments too, and without the
    /// contexts Swift prints for a type declared in a function.
    @usableFromInline
    package static func of(_ type: Any.Type) -> String {
        var name = String(reflecting: type)
        // Types declared in extensions print as "(extension in CoddUUID):Foundation.UUID.…",
        // types declared in a function as "App.(unknown context at $10f2c).Counter".
        for (opening, closing) in [("(extension in ", "):"), ("(unknown context at ", ").")] {
            while let start = name.range(of: opening), let end = name[start.upperBound...].range(of: closing) {
                name.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        // Every type path starts with its module ("Swift.Array<App.Note>"): drop it from each.
        var result = ""
        var path = ""
        func flush() {
            if let dot = path.firstIndex(of: ".") { path.removeSubrange(...dot) }
            result += path
            path = ""
        }
        for character in name {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                path.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}

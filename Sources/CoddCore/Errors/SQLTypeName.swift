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
        // A private type prints as "(Outer in _0A1B2C)": its name.
        while let start = name.range(of: "("), let marker = name[start.upperBound...].range(of: " in _"),
            let end = name[marker.upperBound...].firstIndex(of: ")"),
            !name[start.upperBound..<marker.lowerBound].contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") })
        {
            name.replaceSubrange(start.lowerBound...end, with: name[start.upperBound..<marker.lowerBound])
        }
        // Every type path starts with its module ("Swift.Array<App.Note>"): drop it from each.
        var result = ""
        var path = ""
        func flush() {
            // A path after a generic argument list (`Outer<Int>.Inner`) continues a type: no module.
            if !path.hasPrefix("."), let dot = path.firstIndex(of: ".") { path.removeSubrange(...dot) }
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

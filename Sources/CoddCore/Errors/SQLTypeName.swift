import Foundation

/// Type names for error messages: `Int`, `Reminder.Priority`, `Optional<Int>`,
/// `UUID.BlobRepresentation`.
@usableFromInline
package enum SQLTypeName {
    /// The name of `type` without module prefixes.
    @usableFromInline
    package static func of(_ type: Any.Type) -> String {
        var name = String(reflecting: type)
        // Types declared in extensions print as "(extension in CoddUUID):Foundation.UUID.…".
        while let start = name.range(of: "(extension in "), let end = name[start.upperBound...].range(of: "):") {
            name.removeSubrange(start.lowerBound..<end.upperBound)
        }
        // Standard modules are dropped wherever they appear (generic arguments included).
        let standardModules = ["Swift.", "Foundation.", "FoundationEssentials."]
        let startsWithStandardModule = standardModules.contains { name.hasPrefix($0) }
        for module in standardModules {
            name = name.replacingOccurrences(of: module, with: "")
        }
        // Otherwise drop the declaring module of the outermost type ("MyApp.Reminder.Priority"),
        // exactly once.
        if !startsWithStandardModule {
            let head = name.prefix { $0 != "<" }
            if let dot = head.firstIndex(of: ".") {
                name.removeSubrange(...dot)
            }
        }
        return name
    }
}

import Foundation

/// Type names for error messages: `Int`, `Reminder.Priority`, `Optional<Int>`.
public enum SQLTypeName {
    /// The name of `type` without module prefixes.
    public static func of(_ type: Any.Type) -> String {
        var name = String(reflecting: type)
        for module in ["Swift.", "Foundation.", "FoundationEssentials."] {
            name = name.replacingOccurrences(of: module, with: "")
        }
        // Drop the declaring module of the outermost type ("MyApp.Reminder.Priority").
        let head = name.prefix { $0 != "<" }
        if let dot = head.firstIndex(of: ".") {
            name.removeSubrange(...dot)
        }
        return name
    }
}

import CoddCore
import Foundation

/// The typed error of the last Swift function that failed on this thread.
///
/// SQLite carries only a message from `sqlite3_result_error` to `sqlite3_step`; the
/// function runs inside `sqlite3_step` on the caller's thread, so the typed error waits
/// here until the step's error is built, and is attached when the messages match.
enum FunctionErrorStash {
    private static let key = "codd.functionError"

    private final class Box: NSObject {
        let error: SQLFunctionError
        init(_ error: SQLFunctionError) { self.error = error }
    }

    static func put(_ error: SQLFunctionError) {
        Thread.current.threadDictionary[key] = Box(error)
    }

    /// Takes the stashed error (clearing it) when SQLite's message is its description.
    static func take(matching message: String) -> SQLFunctionError? {
        let dictionary = Thread.current.threadDictionary
        guard let box = dictionary[key] as? Box else { return nil }
        dictionary.removeObject(forKey: key)
        return box.error.description == message ? box.error : nil
    }
}

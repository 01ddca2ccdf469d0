import CoddCore
import Foundation

/// The typed error of the last Swift function that failed on this thread: a SQL function,
/// or an FTS5 tokenizer.
///
/// SQLite carries only a message from `sqlite3_result_error` to `sqlite3_step` (and none
/// from a tokenizer, whose failure it reports as "SQL logic error"); the function runs
/// inside `sqlite3_step` on the caller's thread, so the typed error waits here until the
/// step's error is built, and is attached when the messages (and the connection) match.
package enum FunctionErrorStash {
    private static let key = "codd.functionError"

    private final class Box: NSObject {
        let error: SQLFunctionError
        let message: String
        let connection: OpaquePointer?
        init(_ error: SQLFunctionError, message: String, connection: OpaquePointer?) {
            self.error = error
            self.message = message
            self.connection = connection
        }
    }

    /// Stashes `error`, which SQLite will report as `message` (its description, for a
    /// function's `sqlite3_result_error`) on `connection` (any, when `nil`).
    package static func put(
        _ error: SQLFunctionError, reportedAs message: String? = nil, on connection: OpaquePointer? = nil
    ) {
        Thread.current.threadDictionary[key] = Box(error, message: message ?? error.description, connection: connection)
    }

    /// Takes the stashed error (clearing it) when SQLite's message is the one it was
    /// stashed for, on the same connection.
    static func take(matching message: String, on connection: OpaquePointer?) -> SQLFunctionError? {
        let dictionary = Thread.current.threadDictionary
        guard let box = dictionary[key] as? Box else { return nil }
        dictionary.removeObject(forKey: key)
        guard box.message == message, box.connection == nil || box.connection == connection else { return nil }
        return box.error
    }
}

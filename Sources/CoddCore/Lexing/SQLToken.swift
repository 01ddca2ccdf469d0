/// One significant token of SQL text: its kind and its byte range in the UTF-8 source.
/// White space and comments are not tokens; the gaps between tokens hold them.
package struct SQLToken: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// A bare word: a keyword or an unquoted identifier (`CREATE`, `todo`, `UUID`).
        case word
        /// `"name"`, `[name]` or `` `name` ``.
        case quotedIdentifier
        /// `'text'`.
        case string
        /// `X'00FF'`.
        case blob
        /// `42`, `1.5e3`, `0x1F`.
        case number
        /// `?`, `?1`, `:name`, `@name`, `$name`.
        case parameter
        /// Any other character: `(`, `)`, `,`, `;`, `.`, `=`, operators (one byte each).
        case punctuation
    }

    package var kind: Kind
    /// The first byte.
    package var start: Int
    /// One past the last byte.
    package var end: Int
}

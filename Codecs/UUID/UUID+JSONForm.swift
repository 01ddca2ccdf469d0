import CoddCore
import Foundation

extension UUID.BlobRepresentation {
    /// Inside JSON a 16-byte UUID takes its lowercase text form, as a TEXT UUID column
    /// stores it (JSON holds no BLOB). A value that is not a 16-byte BLOB keeps its hex
    /// digits, so reading it is the same typed error as reading the column:
    /// `iif(x IS NULL, NULL, iif(typeof(x) = 'blob' AND length(x) = 16,
    /// lower(printf('%s-%s-%s-%s-%s', substr(hex(x), 1, 8), …)), hex(x)))`.
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        // PostgreSQL: a uuid nests in jsonb as its text form by itself.
        guard builder.dialect.isSQLite else { return try expression(&builder) }
        try builder.renderJSONUnlessNull(expression) { builder in
            try builder.function("iif") { builder in
                try builder.listItem { builder in
                    try builder.function("typeof") { try $0.listItem(expression) }
                    builder.keyword("= 'blob' AND")
                    try builder.function("length") { try $0.listItem(expression) }
                    builder.keyword("= 16")
                }
                try builder.listItem { try textForm(&$0, expression) }
                try builder.listItem { try $0.function("hex") { try $0.listItem(expression) } }
            }
        }
    }

    /// `lower(printf('%s-%s-%s-%s-%s', substr(hex(x), 1, 8), …))`.
    private static func textForm(_ context: inout SQLBuilder, _ builder: (inout SQLBuilder) throws -> Void) throws {
        try context.function("lower") { context in
            try context.listItem { context in
                try context.function("printf") { context in
                    context.listItem { $0.text("%s-%s-%s-%s-%s") }
                    for (start, length) in [(1, 8), (9, 4), (13, 4), (17, 4), (21, 12)] {
                        try context.listItem { context in
                            try context.function("substr") { context in
                                try context.listItem { try $0.function("hex") { try $0.listItem(builder) } }
                                context.listItem { $0.integer(Int64(start)) }
                                context.listItem { $0.integer(Int64(length)) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Reads the text form `renderJSON` writes (either case).
    public init(decodingJSON json: SQLJSONValue) throws {
        self.init(represented: try UUID(decodingJSON: json))
    }
}

extension UUID: SQLJSONDecodable {}

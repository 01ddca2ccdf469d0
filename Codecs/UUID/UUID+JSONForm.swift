import CoddCore
import Foundation

extension UUID.BlobRepresentation {
    /// Inside JSON a 16-byte UUID takes its lowercase text form, as a TEXT UUID column
    /// stores it (JSON holds no BLOB):
    /// `iif(x IS NULL, NULL, lower(printf('%s-%s-%s-%s-%s', substr(hex(x), 1, 8), …)))`.
    public static func renderJSON(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
        try context.renderJSONUnlessNull(builder) { context in
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
    }

    /// Reads the text form `renderJSON` writes (either case).
    public init(decodingJSON json: SQLJSONValue) throws {
        self.init(represented: try UUID(decodingJSON: json))
    }
}

extension UUID: SQLJSONDecodable {}

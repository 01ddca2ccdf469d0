import CoddCore
import CoddQuery

extension FTS5 {
    /// Compares the table FTS5 would create from ``fts5Options`` (``createTable(ifNotExists:)``)
    /// with `live`: the columns in order with their `UNINDEXED` flags, the tokenizer word for
    /// word, the prefix indexes as a set, content, `content_rowid`, `contentless_delete`,
    /// `columnsize` and `detail`, each with its default when left out (`detail = full`).
    /// Spellings FTS5 reads alike agree (`tokenize="trigram"`, `tokenize = 'trigram'`,
    /// `prefix = '3 2'` and `prefix = 2, prefix = 3`).
    public static func virtualTableDifferences(from live: VirtualTableDefinition) -> [VirtualTableDifference] {
        let declared: String
        do {
            declared = try createTable().sql()
        } catch {
            return [.init(argument: "fts5Options", expected: "options that render: \(error)", found: "")]
        }
        guard let swift = VirtualTableDefinition(sql: declared).flatMap(FTS5TableDefinition.init(definition:)) else {
            return [.init(argument: "fts5Options", expected: "options FTS5 reads back", found: declared)]
        }
        guard let live = FTS5TableDefinition(definition: live) else {
            return [.init(argument: "module", expected: "fts5", found: live.module)]
        }
        return swift.differences(from: live)
    }

    /// A table that keeps its own content admits what is written to it; one with external
    /// content (`content = 'reminders'`) reads that table's columns; a contentless one
    /// (`content = ''`) reads NULL.
    public static func virtualTableColumnValues(from live: VirtualTableDefinition) -> VirtualTableColumnValues {
        guard let content = FTS5TableDefinition(definition: live)?.options["content"]?.last else { return .asWritten }
        return content.isEmpty ? .notStored : .contentTable(content)
    }
}

/// An FTS5 table's arguments as FTS5 reads them from `CREATE VIRTUAL TABLE … USING fts5(…)`
/// (a ``VirtualTableDefinition``): the columns in order with their `UNINDEXED` flags, and the
/// options by key, each value dequoted, so that two statements FTS5 reads alike compare equal.
struct FTS5TableDefinition: Equatable {
    struct Column: Equatable {
        var name: String
        var isUnindexed: Bool
    }

    var columns: [Column] = []
    /// By option name (``optionName(_:)``), the values in the order written (`prefix` may
    /// repeat).
    var options: [String: [String]] = [:]

    /// Reads `definition`'s arguments; `nil` when its module is not fts5.
    init?(definition: VirtualTableDefinition) {
        guard definition.module.lowercased() == "fts5" else { return nil }
        for argument in definition.arguments where !argument.isEmpty {
            if argument.count >= 2, argument[1].isPunctuation("=") {
                let value = argument.dropFirst(2)
                options[Self.optionName(argument[0].value), default: []].append(
                    value.count == 1 ? value[value.startIndex].value : value.map(\.text).joined(separator: " "))
            } else {
                columns.append(
                    Column(
                        // FTS5 reads the flag dequoted: `'unindexed'` is the keyword too.
                        name: argument[0].value,
                        isUnindexed: argument.dropFirst().contains { $0.value.lowercased() == "unindexed" }))
            }
        }
    }

    /// Where `live` differs from this (the Swift type's) definition.
    func differences(from live: FTS5TableDefinition) -> [VirtualTableDifference] {
        var differences: [VirtualTableDifference] = []
        let names = columns.map { $0.name.lowercased() }
        let liveNames = live.columns.map { $0.name.lowercased() }
        if names != liveNames {
            differences.append(
                .init(argument: "columns", expected: Self.columnList(columns), found: Self.columnList(live.columns)))
        }
        for column in columns {
            guard let liveColumn = live.columns.first(where: { $0.name.lowercased() == column.name.lowercased() }),
                liveColumn.isUnindexed != column.isUnindexed
            else { continue }
            differences.append(
                .init(argument: column.name, expected: Self.column(column), found: Self.column(liveColumn)))
        }
        for key in Set(options.keys).union(live.options.keys).sorted() {
            let expected = Self.normalized(key, options[key])
            let found = Self.normalized(key, live.options[key])
            if expected != found {
                differences.append(
                    .init(
                        argument: key, expected: Self.option(key, options[key], normalized: expected),
                        found: Self.option(key, live.options[key], normalized: found)))
            }
        }
        return differences
    }

    /// FTS5's option names in the order it tries them: a key stands for the first it begins,
    /// ignoring case (`tok = 'trigram'` is `tokenize`).
    static let optionNames = [
        "prefix", "tokenize", "content", "contentless_delete", "content_rowid", "columnsize", "locale", "detail",
        "tokendata",
    ]

    /// The option a key written in the statement names.
    static func optionName(_ key: String) -> String {
        let key = key.lowercased()
        guard !key.isEmpty else { return key }
        return optionNames.first { $0.hasPrefix(key) } ?? key
    }

    /// An option's values in one spelling: its default when left out, the tokenizer as FTS5
    /// reads it (see ``tokenizer(_:)``), prefix lengths as a sorted set, `detail` by the
    /// value its word begins (`col` is `columns`), names and keywords without case.
    static func normalized(_ key: String, _ values: [String]?) -> [String] {
        switch key {
        case "tokenize":
            return tokenizer(FTS5Words.words(of: values?.last ?? ""))
        case "prefix":
            let lengths = (values ?? []).flatMap { value in
                value.split(whereSeparator: { $0 == " " || $0 == "," }).map { part in
                    Int(part).map { length in String(length) } ?? String(part)
                }
            }
            return Array(Set(lengths)).sorted { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }
        case "columnsize", "contentless_delete":
            guard let value = values?.last else { return [key == "columnsize" ? "1" : "0"] }
            return [Int(value).map { number in String(number) } ?? value]
        case "detail":
            let value = values?.last?.lowercased() ?? "full"
            return [["none", "full", "columns"].first { !value.isEmpty && $0.hasPrefix(value) } ?? value]
        case "content":
            return values.map { [$0.last?.lowercased() ?? ""] } ?? []
        case "content_rowid":
            return [values?.last?.lowercased() ?? "rowid"]
        default:
            return values ?? []
        }
    }

    /// A tokenizer's words as FTS5 reads them: no words is `unicode61`, `porter` alone wraps
    /// `unicode61`; the built-in tokenizers' names and option keys without case, their options
    /// in any order (the last of a repeated one counts), the characters of `tokenchars` and
    /// `separators` and the items of `categories` as sets, each repeat adding to the set. A
    /// tokenizer of the app's own keeps its arguments as written.
    static func tokenizer(_ words: [String]) -> [String] {
        guard let first = words.first else { return ["unicode61"] }
        let name = first.lowercased()
        let arguments = Array(words.dropFirst())
        switch name {
        case "porter":
            return ["porter"] + tokenizer(arguments)
        case "unicode61", "ascii", "trigram":
            var settings: [String: String] = [:]
            var sets: [String: Set<String>] = [:]
            for index in stride(from: 0, to: arguments.count, by: 2) {
                let key = arguments[index].lowercased()
                let value = index + 1 < arguments.count ? arguments[index + 1] : ""
                switch key {
                case "tokenchars", "separators":
                    sets[key, default: []].formUnion(value.unicodeScalars.map { String($0) })
                case "categories":
                    sets[key, default: []].formUnion(value.split(separator: " ").map(String.init))
                default:
                    settings[key] = value
                }
            }
            for (key, items) in sets {
                settings[key] = items.sorted {
                    $0.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.unicodeScalars.map(\.value))
                }
                .joined(separator: key == "categories" ? " " : "")
            }
            return [name] + settings.keys.sorted().flatMap { key in [key, settings[key] ?? ""] }
        default:
            return [name] + arguments
        }
    }

    /// `tokenize = 'trigram'` (as written, under the option's full name), or
    /// `no detail option (detail = full)` for one left out.
    static func option(_ key: String, _ values: [String]?, normalized: [String]) -> String {
        func shown(_ value: String) -> String {
            ["tokenize", "prefix", "content", "content_rowid", "locale"].contains(key)
                ? FTS5Arguments.quoted(value) : value
        }
        guard let values else {
            let defaultValue =
                key == "tokenize"
                ? normalized.map(FTS5Arguments.word).joined(separator: " ") : normalized.joined(separator: " ")
            return normalized.isEmpty ? "no \(key) option" : "no \(key) option (\(key) = \(shown(defaultValue)))"
        }
        return values.map { "\(key) = \(shown($0))" }.joined(separator: ", ")
    }

    static func column(_ column: Column) -> String {
        SQLBuilder.quoted(column.name) + (column.isUnindexed ? " UNINDEXED" : "")
    }

    static func columnList(_ columns: [Column]) -> String {
        columns.isEmpty ? "no columns" : columns.map(column).joined(separator: ", ")
    }
}

/// An option value's words, as FTS5 splits them: its own grammar, not SQL's.
enum FTS5Words {
    /// The words of an option value as FTS5 splits them (`porter unicode61 tokenchars '-_'`):
    /// barewords between spaces (FTS5 splits on the space character alone), or quoted, dequoted.
    static func words(of value: String) -> [String] {
        var words: [String] = []
        let scalars = Array(value.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " {
                index += 1
            } else if closingQuote(scalar) != nil {
                words.append(quoted(scalars, at: &index))
            } else {
                var word = String.UnicodeScalarView()
                while index < scalars.count, scalars[index] != " " {
                    word.append(scalars[index])
                    index += 1
                }
                words.append(String(word))
            }
        }
        return words
    }

    /// The text of the quoted token at `index` (`'…'`, `"…"`, `` `…` ``, `[…]`), a doubled
    /// quote read as one (`[…]` has no escape); `index` moves past its closing quote, or to
    /// the end of an unclosed one.
    private static func quoted(_ scalars: [Unicode.Scalar], at index: inout Int) -> String {
        let opening = scalars[index]
        guard let closing = closingQuote(opening) else { return "" }
        var value = String.UnicodeScalarView()
        index += 1
        while index < scalars.count {
            if scalars[index] == closing {
                if opening != "[", index + 1 < scalars.count, scalars[index + 1] == closing {
                    value.append(closing)
                    index += 2
                    continue
                }
                break
            }
            value.append(scalars[index])
            index += 1
        }
        index = min(index + 1, scalars.count)
        return String(value)
    }

    private static func closingQuote(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "'", "\"", "`": scalar
        case "[": "]"
        default: nil
        }
    }
}

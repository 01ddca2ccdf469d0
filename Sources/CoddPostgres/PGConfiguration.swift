#if PostgreSQL
import Foundation
import PostgresNIO

/// Where a PostgreSQL server is and how to log in: host, port, user, password, database.
///
/// TLS is off by default: the tests and the loopback servers Codd's scripts start speak
/// plain TCP. Set ``tls`` to `.prefer` or `.require` for a server across a network.
public struct PGConfiguration: Sendable {
    /// Whether the connection is encrypted (with the system's trust roots).
    public enum TLSMode: Sendable, Hashable {
        /// Plain TCP: for a server on the loopback interface.
        case disable
        /// TLS if the server offers it.
        case prefer
        /// TLS, or no connection.
        case require
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?
    /// TLS: `.disable` by default (see above).
    public var tls: TLSMode = .disable
    /// At most this many connections are open at once; more concurrent tasks wait for one.
    public var maximumConnections = 8
    /// How long connecting may take before it fails.
    public var connectTimeout: Duration = .seconds(10)
    /// How often the server checks, while it runs a statement, that the client is still
    /// connected (PostgreSQL 14's `client_connection_check_interval`, sent at login).
    /// Cancelling a task closes its statement's connection; with this check the server
    /// stops the statement (and releases its locks) within the interval instead of running
    /// it to its end. `nil` keeps the server's own setting. A server that refuses the
    /// parameter at login (before PostgreSQL 14, on Windows, behind PgBouncer) is connected
    /// to without it, by ``PGDatabase/connect(_:)``.
    public var closedConnectionCheckInterval: Duration? = .seconds(1)

    /// The login parameter's name, and its value when a test makes the server refuse it.
    static let checkIntervalParameter = "client_connection_check_interval"
    package var checkIntervalValueForTesting: String?

    public init(
        host: String = "127.0.0.1", port: Int = 5432, username: String, password: String? = nil, database: String? = nil
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
    }

    /// Reads `postgres://user:password@host:port/database?sslmode=require` (what
    /// `scripts/with-postgres.sh` exports as `CODD_POSTGRES_URL`, and what hosting services
    /// give): parts percent-decoded (`p%40ss` is `p@ss`), an IPv6 host in brackets
    /// (`[::1]:5433`), `sslmode` as libpq reads it (`disable`; `allow` and `prefer` are
    /// ``TLSMode/prefer``; `require`, `verify-ca` and `verify-full` are ``TLSMode/require``,
    /// which verifies the certificate against the system's roots). `nil` when the text is
    /// not such a URL, names no user or host, or has an `sslmode` libpq does not know:
    /// a URL that asks for TLS never connects without it.
    public init?(url: String) {
        let prefixes = ["postgres://", "postgresql://"]
        guard let prefix = prefixes.first(where: { url.hasPrefix($0) }) else { return nil }
        var rest = Substring(url.dropFirst(prefix.count))
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var tls = TLSMode.disable
        if let question = rest.firstIndex(of: "?") {
            for parameter in rest[rest.index(after: question)...].split(separator: "&") {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0] == "sslmode" else { continue }
                switch Self.decoded(pair[1]) {
                case "disable": tls = .disable
                case "allow", "prefer": tls = .prefer
                case "require", "verify-ca", "verify-full": tls = .require
                default: return nil
                }
            }
            rest = rest[..<question]
        }
        var database: String?
        if let slash = rest.firstIndex(of: "/") {
            let name = rest[rest.index(after: slash)...]
            if !name.isEmpty {
                guard let decoded = Self.decoded(name) else { return nil }
                database = decoded
            }
            rest = rest[..<slash]
        }
        var credentials: Substring = ""
        if let at = rest.lastIndex(of: "@") {
            credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        var username = Substring(""), password: Substring?
        if let colon = credentials.firstIndex(of: ":") {
            username = credentials[..<colon]
            password = credentials[credentials.index(after: colon)...]
        } else {
            username = credentials
        }
        var host = rest, port = 5432
        var portText: Substring?
        if rest.hasPrefix("[") {
            // `[::1]` or `[::1]:5433`: the colons inside are the address's.
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number) else { return nil }
            port = number
        }
        guard let user = Self.decoded(username), !user.isEmpty, let hostName = Self.decoded(host), !hostName.isEmpty
        else { return nil }
        var secret: String?
        if let password {
            guard let decoded = Self.decoded(password) else { return nil }
            secret = decoded
        }
        self.init(host: hostName, port: port, username: user, password: secret, database: database)
        self.tls = tls
    }

    /// `text` percent-decoded; `nil` for a malformed escape.
    private static func decoded(_ text: Substring) -> String? {
        String(text).removingPercentEncoding
    }

    var clientConfiguration: PostgresClient.Configuration {
        let clientTLS: PostgresClient.Configuration.TLS =
            switch tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: clientTLS
        )
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = connectTimeout
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// Sent at login: `client_connection_check_interval` in milliseconds.
    var startupParameters: [(String, String)] {
        guard let interval = closedConnectionCheckInterval else { return [] }
        if let checkIntervalValueForTesting { return [(Self.checkIntervalParameter, checkIntervalValueForTesting)] }
        // Rounded up: a positive interval under a millisecond must not become 0 (no check).
        let (seconds, attoseconds) = interval.components
        let milliseconds = max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        return [(Self.checkIntervalParameter, "\(milliseconds)ms")]
    }

    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let connectionTLS: PostgresConnection.Configuration.TLS =
            switch tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: connectionTLS
        )
        configuration.options.connectTimeout = .seconds(connectTimeout.components.seconds)
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }
}
#endif

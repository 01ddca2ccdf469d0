#if PostgreSQL
import CoddPostgres
import Testing

/// `PGConfiguration(url:)` reads a connection URL as libpq does: parts percent-decoded, an
/// IPv6 host in brackets, `sslmode` honoured (a URL that asks for TLS never yields a
/// configuration without it), and anything it cannot read refused rather than guessed.
@Suite("PostgreSQL connection URLs")
struct ConfigurationURLTests {
    @Test func partsArePercentDecoded() throws {
        let configuration = try #require(
            PGConfiguration(url: "postgres://u%40corp:p%40ss%3Aw%2Fd@db.example.com:6543/my%20db"))
        #expect(configuration.username == "u@corp")
        #expect(configuration.password == "p@ss:w/d")
        #expect(configuration.host == "db.example.com")
        #expect(configuration.port == 6543)
        #expect(configuration.database == "my db")
        #expect(configuration.tls == .disable)
    }

    @Test func anIPv6HostIsReadWithoutItsBrackets() throws {
        let withPort = try #require(PGConfiguration(url: "postgresql://u:p@[::1]:5433/d"))
        #expect(withPort.host == "::1")
        #expect(withPort.port == 5433)
        let withoutPort = try #require(PGConfiguration(url: "postgres://u@[fe80::1]/d"))
        #expect(withoutPort.host == "fe80::1")
        #expect(withoutPort.port == 5432)
        #expect(withoutPort.password == nil)
    }

    @Test(arguments: [
        ("disable", PGConfiguration.TLSMode.disable), ("allow", .prefer), ("prefer", .prefer), ("require", .require),
        ("verify-ca", .require), ("verify-full", .require),
    ])
    func sslmodeChoosesTLS(mode: String, tls: PGConfiguration.TLSMode) throws {
        let configuration = try #require(PGConfiguration(url: "postgres://u:p@h/d?application_name=x&sslmode=\(mode)"))
        #expect(configuration.tls == tls)
        #expect(configuration.database == "d")
    }

    @Test(arguments: [
        "postgres://h/d",  // no user
        "postgres://u@/d",  // no host
        "postgres://u:p@h:port/d",  // a port that is no number
        "postgres://u:p@h:70000/d",  // out of range
        "postgres://u:p@[::1/d",  // unclosed bracket
        "postgres://u:p@h/d?sslmode=requre",  // an sslmode libpq does not know: not silently plain TCP
        "postgres://u:p%zz@h/d",  // a malformed escape
        "mysql://u:p@h/d",
    ])
    func whatCannotBeReadIsRefused(url: String) {
        #expect(PGConfiguration(url: url) == nil, "\(url)")
    }
}
#endif

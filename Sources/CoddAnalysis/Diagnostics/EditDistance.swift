/// How many edits apart two names are: what a "did you mean" of a misspelled keyword or
/// table weighs its candidates by.
enum EditDistance {
    /// Edits (insertion, deletion, substitution, swap of neighbours) from `a` to `b`: the
    /// optimal string alignment distance, where `FORM` is one edit from `FROM` and `tood`
    /// one from `todo`. Compared on their first `limit` bytes, so a long name costs no more
    /// than a short one.
    static func between(_ a: String, _ b: String, comparingFirst limit: Int = 64) -> Int {
        let a = Array(a.utf8.prefix(limit))
        let b = Array(b.utf8.prefix(limit))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            swap(&beforePrevious, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

import CoddCore
import Foundation

// Inside JSON every date takes the default TEXT codec's form, `2024-05-01 09:30:00.000`:
// the TEXT representations store it, and the numeric ones render it with `strftime`
// (see `NumericDateRepresentation`), so a date reads the same from a JSON document as
// from a column.

extension Date: SQLJSONDecodable {}

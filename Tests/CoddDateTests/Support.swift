import Codd
import Foundation
import Testing

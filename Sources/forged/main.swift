import ForgedKit
import Foundation

exit(Forged.main(Array(CommandLine.arguments.dropFirst())))

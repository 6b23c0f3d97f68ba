import Testing

@testable import ForgedKit

private func parse(_ text: String) throws(ConfigError) -> [String: String] {
    var result: [String: String] = [:]
    for entry in try EnvironmentFile.parse(text, path: "test.conf") { result[entry.name] = entry.value }
    return result
}

@Test func plainQuotedAndCommentedLines() throws {
    let values = try parse(
        """
        # comment
        ;comment
        A=plain value   
        B="double \\"quoted\\" \\$HOME \\n"
        C='single \\n "kept"'
        D=
        E = spaced
        F=a#not-a-comment
        """)
    #expect(values["A"] == "plain value")
    #expect(values["B"] == "double \"quoted\" $HOME \\n")
    #expect(values["C"] == "single \\n \"kept\"")
    #expect(values["D"] == "")
    #expect(values["E"] == "spaced")
    #expect(values["F"] == "a#not-a-comment")
    #expect(values.count == 6)
}

@Test func backslashContinuesALine() throws {
    let values = try parse("LIST=a,\\\nb\n# comment \\\nSTILL=comment\nNEXT=\"x\\\ny\"\n")
    #expect(values["LIST"] == "a,b")
    #expect(values["STILL"] == nil)
    #expect(values["NEXT"] == "xy")
}

@Test func lineNumbersCountPhysicalLines() throws {
    let entries = try EnvironmentFile.parse("\n# c\nA=1\\\n2\nB=3\n", path: "x")
    #expect(entries.map(\.line) == [3, 5])
    #expect(entries.map(\.value) == ["12", "3"])
}

@Test func crlfLineEndingsAreAccepted() throws {
    #expect(try parse("A=1\r\nB=2\r\n") == ["A": "1", "B": "2"])
}

@Test(arguments: [
    ("A=1\nnot an assignment\n", "test.conf:2: expected NAME=value"),
    ("A=\"open\n", "test.conf:1: unterminated quote"),
    ("1A=x\n", "test.conf:1: invalid variable name \"1A\""),
    ("export A=x\n", "test.conf:1: invalid variable name \"export A\""),
])
func malformedFilesNameTheLine(text: String, message: String) {
    #expect(throws: ConfigError(setting: "config", message: message)) { try parse(text) }
}

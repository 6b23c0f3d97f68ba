import ForgeStore
import Foundation
import Testing

@testable import ForgeCook

@Suite struct MediaStoreTests {
    @Test func savesAndFindsAHouseholdBlobWithTheSniffedType() throws {
        try withCookDatabase { db throws in
            let id = try db.write {
                try MediaStore.save(
                    TinyImage.png, contentType: "image/jpg", owner: nil,
                    sourceURL: "https://example.org/a.png", now: Date(), in: $0)
            }
            let blob = try #require(try db.read { try MediaStore.find(id, in: $0) })
            #expect(blob.bytes == TinyImage.png)
            #expect(blob.contentType == "image/png")
            #expect(blob.ownerID == nil)
            #expect(blob.path == "/api/food/media/\(id)")
            #expect(blob.isReadable(by: "ada") && blob.isReadable(by: "ben"))
            let reused = try db.read { try MediaStore.find(sourceURL: "https://example.org/a.png", owner: nil, in: $0) }
            #expect(reused?.id == id)
            let otherOwner = try db.read {
                try MediaStore.find(sourceURL: "https://example.org/a.png", owner: "ada", in: $0)
            }
            #expect(otherOwner == nil)
        }
    }

    @Test func ownedBlobsAreReadableByTheirOwnerOnly() throws {
        try withCookDatabase { db throws in
            let id = try db.write {
                try MediaStore.save(TinyImage.jpeg, contentType: "image/jpeg", owner: "ada", now: Date(), in: $0)
            }
            let blob = try #require(try db.read { try MediaStore.find(id, in: $0) })
            #expect(blob.isReadable(by: "ada"))
            #expect(!blob.isReadable(by: "ben"))
            #expect(try db.read { try MediaStore.count(owner: "ada", in: $0) } == 1)
        }
    }

    @Test(arguments: [
        (Data(), "image/png", MediaError.empty),
        (TinyImage.png, "text/html", MediaError.notImageType("text/html")),
        (Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), "image/svg+xml", MediaError.notAnImage),
        (Data("<html>".utf8), "image/png", MediaError.notAnImage),
        (
            TinyImage.jpeg + Data(count: MediaStore.maxBytes), "image/jpeg",
            MediaError.tooLarge(TinyImage.jpeg.count + MediaStore.maxBytes)
        ),
    ])
    func refusesBadBlobsAndStoresNothing(bytes: Data, type: String, error: MediaError) throws {
        try withCookDatabase { db throws in
            #expect(throws: error) {
                try db.write { try MediaStore.save(bytes, contentType: type, owner: nil, now: Date(), in: $0) }
            }
            #expect(try db.read { try MediaStore.count(owner: nil, in: $0) } == 0)
        }
    }

    @Test func acceptsExactlyTheCap() throws {
        let bytes = TinyImage.jpeg + Data(count: MediaStore.maxBytes - TinyImage.jpeg.count)
        #expect(try MediaStore.validate(bytes, contentType: "IMAGE/JPEG; q=1") == "image/jpeg")
    }

    @Test func unknownAndMalformedIdsFindNothing() throws {
        try withCookDatabase { db throws in
            #expect(try db.read { try MediaStore.find(String(repeating: "a", count: 32), in: $0) } == nil)
            #expect(try db.read { try MediaStore.find("../etc/passwd", in: $0) } == nil)
        }
    }

    @Test(arguments: [
        ("GIF89a" + String(repeating: "\0", count: 10), "image/gif"),
        ("RIFF\0\0\0\0WEBPVP8 ", "image/webp"),
        ("\0\0\0\u{1C}ftypavif\0\0", "image/avif"),
        ("\0\0\0\u{1C}ftypisom\0\0", nil),
        ("%PDF-1.7", nil),
    ])
    func sniffsSignatures(text: String, expected: String?) {
        #expect(ImageSniffer.mimeType(of: Data(text.utf8)) == expected)
    }

    @Test func parsesStrictDataURLs() throws {
        let good = try #require(DataURL("DATA:image/PNG;BASE64," + TinyImage.png.base64EncodedString()))
        #expect(good.contentType == "image/png" && good.bytes == TinyImage.png)
        #expect(DataURL("data:image/png;base64,!!!!") == nil)
        #expect(DataURL("data:image/png;base64,iVBORw0") == nil)  // not padded
        #expect(DataURL("data:text/plain;base64,aGk=") == nil)
        #expect(DataURL("data:image/png,rawbytes") == nil)
        #expect(DataURL("https://example.org/a.png") == nil)
    }
}

import Foundation

/// The small HTML pages of the MCP OAuth authorize step (no external assets).
enum OAuthPages {
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    static func page(_ title: String, _ body: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>\(escape(title)) · Forge</title>
        <style>body{font-family:Georgia,serif;background:#f6f1e7;color:#2b2118;display:grid;place-items:center;min-height:100vh;margin:0}
        main{background:#fffaf0;padding:2rem 2.5rem;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:28rem}
        button{padding:.6rem 1.2rem;font-size:1rem;border-radius:6px;border:0;margin-right:.6rem}
        .allow{background:#c2410c;color:#fff}.deny{background:#e7dccb}</style></head>
        <body><main>\(body)</main></body></html>
        """
    }

    static func error(_ message: String) -> String {
        page("Authorization error", "<h1>Cannot authorize</h1><p>\(escape(message))</p>")
    }

    static func signInFirst(_ next: String) -> String {
        page(
            "Sign in first",
            """
            <h1>Sign in first</h1><p>Sign in to Forge in this browser, then open this page again.</p>
            <p><a href="/auth/login">Sign in</a></p><p><small>\(escape(next))</small></p>
            """)
    }

    /// The consent form; `token` is the page token the answer must carry (``ForgeApp/csrfToken(for:)``).
    static func consent(client: String, user: String, action: String, token: String) -> String {
        page(
            "Allow access",
            """
            <h1>Allow \(escape(client))?</h1>
            <p><strong>\(escape(client))</strong> wants to use Forge's food tools as <strong>\(escape(user))</strong>:
            search and import recipes, edit the ingredient reference.</p>
            <form method="post" action="\(escape(action))">
            <input type="hidden" name="csrf_token" value="\(escape(token))">
            <button class="allow" name="decision" value="allow">Allow</button>
            <button class="deny" name="decision" value="deny">Deny</button></form>
            """)
    }
}

/// The small sign-in page served at `GET /auth/login`: posts JSON to
/// `/auth/login` and, on success, goes to `/kitchen`. No external assets.
/// Forge sends no e-mail, so the page says how a forgotten password is
/// reset: whoever runs the server sets a new one with `forged user passwd`
/// (README "Command line"), which also signs that member out
/// everywhere.
enum LoginPage {
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Sign in · Forge</title>
        <style>
        body{font-family:Georgia,'Times New Roman',serif;background:#f6f1e7;color:#2b2118;display:grid;place-items:center;min-height:100vh;margin:0}
        form{background:#fffaf0;padding:2rem 2.5rem;border-radius:12px;box-shadow:0 2px 12px #0002;min-width:18rem}
        h1{margin-top:0;font-weight:normal}label{display:block;margin:.8rem 0 .3rem}
        input{width:100%;box-sizing:border-box;padding:.55rem;font-size:1rem;border:1px solid #cbb9a0;border-radius:6px}
        button{margin-top:1.2rem;width:100%;padding:.6rem;font-size:1rem;background:#c2410c;color:#fff;border:0;border-radius:6px}
        #msg{color:#9a3412;min-height:1.2em;margin-top:.8rem}
        #reset{margin-top:1rem;font-size:.9rem;color:#5c4a3a;max-width:18rem}
        #reset code{font-size:.85rem;background:#f1e6d4;padding:0 .2rem;border-radius:3px}
        </style></head><body>
        <form id="f"><h1>Forge</h1>
        <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
        <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
        <button type="submit">Sign in</button><div id="msg" role="status"></div>
        <details id="reset"><summary>Forgot your password?</summary>
        <p>Forge sends no e-mail. Ask whoever runs this server to set a new password on the box:
        <code>forged user passwd you@example.org</code> (as root). It asks for the new password and signs
        you out on every device; then sign in here with it.</p></details></form>
        <script>
        document.getElementById('f').addEventListener('submit', async (e) => {
          e.preventDefault();
          const msg = document.getElementById('msg'); msg.textContent = '';
          const r = await fetch('/auth/login', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({email: e.target.email.value, password: e.target.password.value})});
          if (r.ok) { location.href = '/kitchen'; return; }
          const body = await r.json().catch(() => ({}));
          msg.textContent = typeof body.detail === 'string' ? body.detail : 'sign-in failed';
        });
        </script></body></html>
        """
}

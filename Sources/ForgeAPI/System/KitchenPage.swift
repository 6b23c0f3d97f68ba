import ForgeHTTP

/// `GET /kitchen`: a first, read-only kitchen page — tonight's dinner and
/// the week's dinners from `/api/food/week`, or a sign-in link. The full
/// kitchen display (cook mode, timers, live updates) replaces it.
enum KitchenPage {
    static func register(on router: inout Router) {
        router.get("/kitchen", summary: "Kitchen page: tonight's dinner and the week's dinners",
                   tags: ["auth": "public", "produces": "text/html"]) { _ in
            var response = Response.html(html)
            response.headers.set("Cache-Control", "no-cache")
            return response
        }
    }

    static let html = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Forge · Kitchen</title>
    <style>
    body{font-family:Georgia,'Times New Roman',serif;background:#f6f1e7;color:#2b2118;margin:0;padding:2rem 3rem}
    h1{font-weight:normal;font-size:2.6rem;margin:.2rem 0}.eyebrow{color:#9a3412;letter-spacing:.08em;text-transform:uppercase;font-size:.9rem}
    ol{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:1rem}
    li{background:#fffaf0;border-radius:10px;padding:1rem;box-shadow:0 1px 6px #0001}li.today{outline:3px solid #c2410c}
    .day{font-size:.85rem;color:#7c6a55}.dish{font-size:1.25rem;margin-top:.3rem}a{color:#c2410c}
    </style></head><body>
    <div class="eyebrow">Tonight</div><h1 id="tonight">…</h1><p id="why"></p>
    <ol id="week"></ol>
    <script>
    function dinner(day){const s=(day.slots||[]).find(s=>s.slot==='dinner');if(!s)return'—';
      if(s.out)return'Out: '+(s.note||'night off');if(s.recipe)return(s.leftover?'Leftovers: ':'')+s.recipe.name;return s.label||s.note||'—'}
    fetch('/api/food/week').then(r=>{if(r.status===401){document.getElementById('tonight').innerHTML=
      'Please <a href="/auth/login">sign in</a>';throw 0}return r.json()}).then(w=>{
      const list=document.getElementById('week');
      for(const d of w.days){const li=document.createElement('li');if(d.is_today)li.className='today';
        li.innerHTML='<div class="day"></div><div class="dish"></div>';li.children[0].textContent=d.day_name+' '+d.date;
        li.children[1].textContent=dinner(d);list.appendChild(li);
        if(d.is_today){document.getElementById('tonight').textContent=dinner(d);
          const s=(d.slots||[]).find(s=>s.slot==='dinner');document.getElementById('why').textContent=s&&s.why||''}}
      if(!w.days.some(d=>d.is_today))document.getElementById('tonight').textContent='This week';
    }).catch(()=>{});
    </script></body></html>
    """
}

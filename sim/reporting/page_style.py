"""The style the balance scan's and a tune's pages share (each page adds its own rules)."""

# A verdict box first, tables that scroll sideways on a phone, intervals under their figures at
# phone widths.
BASE_STYLE = """
  body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2733;
         max-width: 1100px; margin: 0 auto; padding: 1rem; }
  h1 { font-size: 1.5rem; margin-bottom: .2rem; }
  h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #d9dee5; }
  .question { font-size: 1.15rem; font-style: italic; }
  .verdicts { border: 2px solid #1b6ca8; border-radius: 6px; padding: .5rem .9rem;
              margin: .6rem 0; }
  .verdicts p.lead { font-size: 1.08rem; font-weight: 600; }
  .verdicts ul { margin: .1rem 0 .5rem; padding-left: 1.2rem; }
  .verdicts li { margin: .2rem 0; }
  .meta, .note { color: #5a6573; font-size: .85rem; }
  .scroll { overflow-x: auto; max-width: 100%; }
  table { border-collapse: collapse; margin: .5rem 0; }
  th, td { border-bottom: 1px solid #e4e7eb; padding: .25rem .5rem; text-align: left;
           vertical-align: top; }
  th { background: #f6f7f9; font-weight: 600; }
  td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
  img.plot { max-width: 100%; height: auto; }
  @media (max-width: 600px) {
    body { font-size: 14px; padding: .6rem; }
    h1 { font-size: 1.25rem; }
    table { font-size: .78rem; }
    th, td { padding: .2rem .3rem; }
  }
"""

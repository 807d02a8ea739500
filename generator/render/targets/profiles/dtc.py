"""DriveThruCards (drivethrucards.com): a print-ready PDF per deck.

Source: DriveThruCards' card file guidelines ("Creating Card Files for
DriveThruCards", https://www.drivethrucards.com/pub_docs/DTC_card_guide.pdf):
one card face per page at trim plus 1/8 in bleed, the card back on the first
page, CMYK in a PDF/X-1a file, total ink at most 240 %, text under 12 pt in
black ink only, pictures at 300 dpi or more. PDF/X-1a also rules out
transparency. The output intent names the U.S. web-coated (SWOP) condition
by its registered identifier, so no ICC profile needs embedding.

Checked against: issue 26 section 3, which states these figures. The page above
could not be re-read when this profile was written (no copy was reachable from
the build machine); check it before relying on a figure it may have changed.
"""
from __future__ import annotations

from ..profile import OutputIntent, Product, Profile

PROFILE = Profile(
    id="dtc",
    service="DriveThruCards",
    source="https://www.drivethrucards.com/pub_docs/DTC_card_guide.pdf",
    files="pdf",
    bleed=25.4 / 8,
    products=(Product("poker", 63.5, 88.9),),
    dpi=300,
    max_ink=240.0,
    black_text_below=12.0,
    min_image_dpi=300,
    back_first=True,
    output_intent=OutputIntent("CGATS TR 001", "http://www.color.org",
                               "U.S. Web Coated (SWOP) v2"),
    no_transparency=True,
)

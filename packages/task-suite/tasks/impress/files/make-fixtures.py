#!/usr/bin/env python3
"""Writes the flat-XML presentations (*.fodp) of the Impress tasks from deck.fodp (the template) and the slide lists below."""
from xml.sax.saxutils import escape
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TITLE = 'svg:x="1.4cm" svg:y="0.628cm" svg:width="25.2cm" svg:height="2.629cm"'
BODY = 'svg:x="1.4cm" svg:y="3.685cm" svg:width="25.2cm" svg:height="9.134cm"'


def frame(cls, paras, attrs, bullets=False):
    if bullets:
        inner = '<text:list>' + ''.join(f'<text:list-item><text:p>{escape(p)}</text:p></text:list-item>' for p in paras) + '</text:list>'
    else:
        inner = ''.join(f'<text:p>{escape(p)}</text:p>' for p in paras)
    style = 'Default-outline1' if cls == 'outline' else 'Default-' + cls
    return f'<draw:frame presentation:style-name="{style}" presentation:class="{cls}" {attrs}><draw:text-box>{inner}</draw:text-box></draw:frame>'


def slide(n, title, body=None, kind='content', notes=None):
    """kind: 'title' (title + subtitle), 'content' (title + bulleted outline), 'title-only'."""
    layout = {'title': 'AL1T0', 'content': 'AL2T1', 'title-only': 'AL3T19'}[kind]
    parts = [frame('title', [title], TITLE)]
    if kind == 'title':
        parts.append(frame('subtitle', body or [], BODY))
    elif kind == 'content':
        parts.append(frame('outline', body or [], BODY, bullets=True))
    if notes:
        parts.append('<presentation:notes><draw:page-thumbnail svg:x="2cm" svg:y="2cm" svg:width="14cm" svg:height="8cm" draw:page-number="%d" presentation:class="page"/>%s</presentation:notes>'
                     % (n, frame('notes', [notes], 'svg:x="2cm" svg:y="11cm" svg:width="16cm" svg:height="12cm"')))
    return (f'   <draw:page draw:name="page{n}" draw:master-page-name="Default" presentation:presentation-page-layout-name="{layout}">'
            + ''.join(parts) + '</draw:page>')


DECKS = {
    'q3-review': [
        ('Q3 Review', ['Sales team, October 2026'], 'title'),
        ('Highlights', ['Revenue up 12%', 'Two new clients in Oslo', 'Churn down to 3%'], 'content'),
        ('Challenges', ['Hiring delays', 'Supplier costs'], 'content'),
        ('Next Steps', ['Open the Bergen office', 'Hire two engineers'], 'content'),
    ],
    'kickoff': [
        ('Project Kickoff', ['Website relaunch'], 'title'),
        ('Goals', ['Faster pages', 'New design'], 'content'),
        ('DRAFT - remove before meeting', ['Old numbers, do not show'], 'content'),
        ('Timeline', ['Design in May', 'Launch in September'], 'content'),
    ],
    'acme-pitch': [
        ('Acme Cloud Storage', ['A proposal for Northwind'], 'title'),
        ('Why Acme', ['Acme keeps three copies of every file', 'Support around the clock'], 'content'),
        ('Pricing', ['Acme Basic: 5 EUR per user', 'Acme Pro: 9 EUR per user'], 'content'),
    ],
    'budget': [
        ('Budget 2027', ['Finance department'], 'title'),
        ('Summary', ['Total: 1.2 million EUR', 'Up 4% on 2026'], 'content'),
        ('Open Questions', None, 'title-only'),
    ],
}

template = open(os.path.join(HERE, 'deck.fodp'), encoding='utf-8').read()
for name, slides in DECKS.items():
    body = '\n'.join(slide(i + 1, t, b, k) for i, (t, b, k) in enumerate(slides))
    with open(os.path.join(HERE, name + '.fodp'), 'w', encoding='utf-8') as f:
        f.write(template.replace('__SLIDES__', body))
    print('wrote', name + '.fodp')

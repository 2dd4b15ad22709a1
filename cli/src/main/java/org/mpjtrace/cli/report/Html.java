package org.mpjtrace.cli.report;

/** A page of HTML built as text: elements opened and closed in order, text always escaped. */
final class Html {
    private final StringBuilder b = new StringBuilder(1 << 16);

    Html raw(String html) {
        b.append(html);
        return this;
    }

    Html text(Object text) {
        String s = String.valueOf(text);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return this;
    }

    /** {@code <tag>text</tag>}. */
    Html element(String tag, Object text) {
        return raw("<" + tag + ">").text(text).raw("</" + tag + ">");
    }

    /** A table: the header's cells, then each row's; a cell starting with a digit or '-' digit is right-aligned. */
    Html table(String[] header, Iterable<Object[]> rows) {
        raw("<table><thead><tr>");
        for (String h : header) element("th", h);
        raw("</tr></thead><tbody>");
        for (Object[] row : rows) {
            raw("<tr>");
            for (Object cell : row) {
                String s = String.valueOf(cell);
                boolean number = !s.isEmpty() && (Character.isDigit(s.charAt(0)) || s.length() > 1 && s.charAt(0) == '-' && Character.isDigit(s.charAt(1)));
                raw(number ? "<td class=\"n\">" : "<td>").text(s).raw("</td>");
            }
            raw("</tr>");
        }
        return raw("</tbody></table>");
    }

    @Override
    public String toString() {
        return b.toString();
    }
}

package dev.shapeslab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code index.html} of a run: its charts and every table of {@code summary.md} on one page, with links to the
 * CSV files and the raw cells. The tables are the summary's own, turned into HTML line by line (headings,
 * list items, tables, paragraphs), so the page says nothing the summary does not.
 */
final class IndexPage {

    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern EMPHASIS = Pattern.compile("(?<![\\w*])\\*([^*\\s][^*]*?)\\*(?![\\w*])");
    private static final Pattern LINK = Pattern.compile("\\[([^]]+)]\\(([^)]+)\\)");

    private IndexPage() {
    }

    static void write(Path dir, String summaryMarkdown, List<Charts.Chart> charts) throws IOException {
        StringBuilder html = new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <title>shapes-lab benchmark</title>
                <style>
                body { font-family: sans-serif; margin: 2em; max-width: 1400px; }
                table { border-collapse: collapse; margin: 1em 0; font-size: 0.85em; }
                th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
                th { background: #f0f0f0; }
                figure { display: inline-block; margin: 0.5em; }
                img { max-width: 100%; border: 1px solid #ddd; }
                </style>
                </head>
                <body>
                """);
        html.append("<p>Files: <a href=\"summary.md\">summary.md</a> · <a href=\"").append(Results.RESULTS).append("\">")
                .append(Results.RESULTS).append("</a> (one row per measured window) · <a href=\"").append(Results.FAULTS)
                .append("\">").append(Results.FAULTS).append("</a> (one row per drill) · <a href=\"cells/\">cells/</a> (raw output)</p>\n");
        if (!charts.isEmpty()) {
            html.append("<h2>Charts</h2>\n");
            String scenario = null;
            for (Charts.Chart chart : charts) {
                if (!chart.scenario().equals(scenario)) {
                    scenario = chart.scenario();
                    html.append("<h3>").append(escape(scenario)).append("</h3>\n");
                }
                html.append("<figure><img src=\"").append(escape(chart.file())).append("\" alt=\"")
                        .append(escape(chart.title())).append("\"><figcaption>").append(escape(chart.title()))
                        .append("</figcaption></figure>\n");
            }
        }
        html.append(markdownToHtml(summaryMarkdown));
        html.append("</body>\n</html>\n");
        Files.writeString(dir.resolve("index.html"), html, StandardCharsets.UTF_8);
    }

    /** The subset of Markdown the report writes: headings, list items, tables and paragraphs. */
    static String markdownToHtml(String markdown) {
        StringBuilder html = new StringBuilder();
        boolean inTable = false;
        boolean header = false;
        boolean inList = false;
        StringBuilder paragraph = new StringBuilder();
        for (String line : (markdown + "\n").split("\n", -1)) {
            boolean tableLine = line.startsWith("|");
            boolean listLine = line.startsWith("- ");
            if (!line.isBlank() && !tableLine && !listLine && !line.startsWith("#")) {
                paragraph.append(paragraph.isEmpty() ? "" : " ").append(line.trim());
                continue;
            }
            if (!paragraph.isEmpty()) {
                html.append("<p>").append(inline(paragraph.toString())).append("</p>\n");
                paragraph.setLength(0);
            }
            if (inTable && !tableLine) {
                html.append("</table>\n");
                inTable = false;
            }
            if (inList && !listLine) {
                html.append("</ul>\n");
                inList = false;
            }
            if (tableLine) {
                if (!inTable) {
                    html.append("<table>\n");
                    inTable = true;
                    header = true;
                }
                if (line.matches("\\|[-|: ]+\\|?\\s*")) {
                    continue; // the separator under the header
                }
                String cell = header ? "th" : "td";
                html.append("<tr>");
                String body = line.strip();
                body = body.substring(1, body.endsWith("|") ? body.length() - 1 : body.length());
                for (String value : body.split("\\|", -1)) {
                    html.append('<').append(cell).append('>').append(inline(value.trim())).append("</").append(cell).append('>');
                }
                html.append("</tr>\n");
                header = false;
            } else if (listLine) {
                if (!inList) {
                    html.append("<ul>\n");
                    inList = true;
                }
                html.append("<li>").append(inline(line.substring(2))).append("</li>\n");
            } else if (line.startsWith("#")) {
                int level = (int) line.chars().takeWhile(ch -> ch == '#').count();
                html.append("<h").append(level).append('>').append(inline(line.substring(level).trim()))
                        .append("</h").append(level).append(">\n");
            }
        }
        return html.toString();
    }

    private static String inline(String text) {
        String s = escape(text);
        s = CODE.matcher(s).replaceAll(m -> "<code>" + Matcher.quoteReplacement(m.group(1)) + "</code>");
        s = LINK.matcher(s).replaceAll(m -> "<a href=\"" + Matcher.quoteReplacement(m.group(2)) + "\">"
                + Matcher.quoteReplacement(m.group(1)) + "</a>");
        return EMPHASIS.matcher(s).replaceAll(m -> "<em>" + Matcher.quoteReplacement(m.group(1)) + "</em>");
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

package org.fjdoctor.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.testfixes.FixFixtures;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * The HTML report parsed strictly as XML (it is written to be both): self-contained, every link an
 * anchor on the page, summaries that count what the findings say, excerpts that show the reported
 * lines, fixes with their diffs, and hostile text from the code shown as text.
 */
class HtmlReportTest {

    /**
     * Markup, quotes, an ampersand, a form feed (which XML cannot carry) and "Trojan Source" bidi controls
     * (a right-to-left override, a left-to-right isolate) in a comment near a finding.
     */
    private static final String HOSTILE = "// </pre><script>alert(\"x\") & 'y'</script>\f \u202e } \u2066";

    @TempDir
    static Path dir;

    private static String html;
    private static Document page;
    private static final XPath XPATH = XPathFactory.newInstance().newXPath();

    @BeforeAll
    static void scan() throws Exception {
        Path root = dir.resolve("project");
        SourceTrees.write(root.resolve("app/pom.xml"), "<project/>\n");
        SourceTrees.write(root.resolve("app/src/main/java/demo/Sleepy.java"), FixFixtures.SLEEPY);
        SourceTrees.write(root.resolve("lib/demo/CopyingSum.java"), SourceTrees.COPYING_TASK
                .replace("        int mid = data.length / 2;\n", "        int mid = data.length / 2;\n        " + HOSTILE + "\n"));
        Path out = dir.resolve("report.html");
        Cli.Result result = Cli.run("scan", "--format", "html", "--output", out.toString(), "--quiet", root.toString());
        assertEquals(ExitCodes.FINDINGS, result.exit(), result::toString);
        html = Files.readString(out);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        page = factory.newDocumentBuilder().parse(new InputSource(new StringReader(html)));
    }

    @Test
    void selfContainedWithEveryLinkAnAnchorOnThePage() throws Exception {
        assertTrue(html.startsWith("<!DOCTYPE html>"), html.substring(0, 40));
        for (String tag : List.of("script", "link", "img", "iframe", "object", "embed")) {
            assertEquals(0, page.getElementsByTagName(tag).getLength(), tag);
        }
        assertEquals(1, page.getElementsByTagName("style").getLength());
        String css = page.getElementsByTagName("style").item(0).getTextContent();
        assertFalse(css.contains("url(") || css.contains("@import"), css);

        Set<String> ids = new HashSet<>();
        for (Element element : nodes("//*[@id]")) {
            assertTrue(ids.add(element.getAttribute("id")), "duplicate id " + element.getAttribute("id"));
        }
        List<Element> links = nodes("//a");
        assertFalse(links.isEmpty());
        for (Element link : links) {
            String href = link.getAttribute("href");
            assertTrue(href.startsWith("#") && ids.contains(href.substring(1)), "link to " + href);
        }
        assertEquals(0, nodes("//*[@src]").size());
    }

    @Test
    void summariesCountFindingsPerRuleAndPerModule() throws Exception {
        // Rule row: findings, in test code, with a SAFE fix, REVIEW fix only, no fix (the test fixes decide,
        // see FixFixtures).
        assertEquals(List.of("4", "0", "4", "0", "0"), cells("//tr[@id='rule-copy-on-fork']/td[@class='num']"));
        assertEquals(List.of("1", "0", "0", "1", "0"), cells("//tr[@id='rule-sleepy-worker']/td[@class='num']"));
        assertEquals(List.of("0", "0", "0", "0", "0"), cells("//tr[@id='rule-scattered-data']/td[@class='num']"));
        // A directory with a pom.xml is a module; otherwise the top-level directory.
        assertEquals(List.of("app", "lib"), cells("//section[@id='modules']//tbody/tr/td[1]"));
        assertEquals(List.of("3", "2"), cells("//section[@id='modules']//tbody/tr/td[2]"));
        assertEquals(1, nodes("//details[@class='rationale']//dt[contains(., 'copy-on-fork')]").size(),
                "each rule's rationale once");
    }

    @Test
    void findingsShowTheirLinesRelatedSitesAndFixes() throws Exception {
        List<Element> findings = nodes("//article[@class='finding']");
        assertEquals(5, findings.size());
        for (Element finding : findings) {
            String location = text(finding, "h4/a[2]");
            int line = Integer.parseInt(location.split(":")[location.split(":").length - 2]);
            List<Element> hits = nodes(finding, "pre[@class='source']//span[@class='l hit']");
            assertFalse(hits.isEmpty(), location);
            assertEquals(String.valueOf(line), text(hits.get(0), "span[@class='n']"), location);
            String source = Files.readString(sourceOf(location));
            assertEquals(shown(source.lines().toList().get(line - 1)),
                    hits.get(0).getTextContent().substring(String.valueOf(line).length()), location);

            // Each related location links to its own excerpt inside the same finding.
            for (Element item : nodes(finding, "ol[@class='related']/li")) {
                String target = text(item, "a/@href").substring(1);
                List<Element> sites = nodes(finding, "div[@class='site'][@id='" + target + "']");
                assertEquals(1, sites.size(), target);
                String related = text(item, "a");
                String relatedLine = related.split(":")[related.split(":").length - 2];
                assertEquals(relatedLine, text(sites.get(0), "pre//span[@class='l hit']/span[@class='n']"), related);
            }
        }
        Element sleep = nodes("//article[.//a[@href='#rule-sleepy-worker']]").get(0);
        assertEquals("REVIEW", text(sleep, "details[@class='fix'][1]/summary/span"));
        assertTrue(text(sleep, "details[@class='fix'][1]/p").contains("--include-review"));
        assertTrue(nodes(sleep, "details[1]//span[@class='l add']").stream()
                .anyMatch(l -> l.getTextContent().contains(FixFixtures.REVIEW_MARK.strip())), sleep::getTextContent);

        Element copy = nodes("//article[.//a[@href='#rule-copy-on-fork']][contains(h4, 'CopyingSum')]").get(0);
        assertEquals("SAFE", text(copy, "details[@class='fix'][1]/summary/span"));
        assertEquals("open", text(copy, "details[@class='fix'][1]/@open"));
        assertTrue(nodes(copy, "details[1]//span[@class='l add']").stream()
                .anyMatch(l -> l.getTextContent().contains("java.util.Arrays.copyOfRange")), copy::getTextContent);
        assertTrue(nodes(copy, "details[1]//span[@class='l hunk']").stream()
                .anyMatch(l -> l.getTextContent().equals("+++ b/lib/demo/CopyingSum.java")), copy::getTextContent);
    }

    @Test
    void codeIsShownAsTextNeverAsMarkup() {
        assertTrue(page.getDocumentElement().getTextContent().contains(shown(HOSTILE)), "the comment, as text");
        assertFalse(html.contains("<script>"));
        assertTrue(html.contains("&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;"));
    }

    /** Bidi and control characters render as visible marks with their code point, never raw. */
    @Test
    void bidiAndControlCharactersAreVisibleMarks() throws Exception {
        for (String raw : List.of("\u202e", "\u2066", "\f")) {
            assertFalse(html.contains(raw), () -> "raw U+" + Integer.toHexString(raw.charAt(0)));
        }
        List<String> titles = nodes("//span[@class='bidi']").stream().map(e -> e.getAttribute("title")).distinct().toList();
        assertEquals(List.of("U+000C", "U+202E", "U+2066"), titles.stream().sorted().toList());
        assertTrue(nodes("//span[@class='bidi'][@title='U+202E']").stream().allMatch(e -> e.getTextContent().equals("\\u202e")));
    }

    /** What the report shows for a line of code: control and bidi characters as their escapes. */
    private static String shown(String code) {
        return code.replace("\f", "\\x0c").replace("\u202e", "\\u202e").replace("\u2066", "\\u2066");
    }

    private static Path sourceOf(String location) {
        String path = location.substring(0, location.lastIndexOf(':', location.lastIndexOf(':') - 1));
        return Path.of(path);
    }

    private static List<String> cells(String xpath) throws XPathExpressionException {
        return nodes(xpath).stream().map(n -> n.getTextContent().strip()).toList();
    }

    private static List<Element> nodes(String xpath) throws XPathExpressionException {
        return nodes(page, xpath);
    }

    private static List<Element> nodes(Node context, String xpath) throws XPathExpressionException {
        NodeList list = (NodeList) XPATH.evaluate(xpath, context, XPathConstants.NODESET);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            elements.add((Element) list.item(i));
        }
        return elements;
    }

    private static String text(Node context, String xpath) throws XPathExpressionException {
        return XPATH.evaluate(xpath, context);
    }
}

package org.fjdoctor.cli.survey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.cli.survey.Manifest.Entry;
import org.fjdoctor.cli.survey.Manifest.ManifestException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestTest {

    @TempDir
    Path dir;

    @Test
    void csvWithQuotesCommentsAndDerivedNames() throws Exception {
        Path file = SurveyFixtures.manifest(dir.resolve("m.csv"), "name,location,commit", "# a comment", "",
                "\"a,b\",/srv/x,abc123", ",https://github.com/octo/hello.git,", "c,/srv/c");

        assertThrows(ManifestException.class, () -> Manifest.read(file), "a,b is not a usable name");
        Path good = SurveyFixtures.manifest(dir.resolve("g.csv"), "name,location,commit", "# a comment", "",
                "\"x\",\"/srv/with,comma\",abc123", ",https://github.com/octo/hello.git,", "c,/srv/c");
        assertEquals(List.of(new Entry("x", "/srv/with,comma", "abc123"),
                new Entry("octo+hello", "https://github.com/octo/hello.git", null),
                new Entry("c", "/srv/c", null)), Manifest.read(good));
        assertEquals("HEAD", Manifest.read(good).get(1).revision());
    }

    @Test
    void json() throws Exception {
        Path array = SurveyFixtures.manifest(dir.resolve("m.json"),
                "[{\"name\": \"a\", \"location\": \"/srv/a\", \"commit\": \"abc\"}, {\"location\": \"/srv/o/b\"}]");
        assertEquals(List.of(new Entry("a", "/srv/a", "abc"), new Entry("o+b", "/srv/o/b", null)), Manifest.read(array));
        Path wrapped = SurveyFixtures.manifest(dir.resolve("w.json"), "{\"repositories\": [{\"location\": \"/srv/a\"}]}");
        assertEquals(List.of(new Entry("srv+a", "/srv/a", null)), Manifest.read(wrapped));
    }

    @Test
    void errorsNameTheFileAndLine() throws IOException {
        assertTrue(message("name,url\nx,y").endsWith("m.csv:1: expected the header 'name,location,commit', found 'name,url'"));
        assertTrue(message("name,location\nx,").endsWith("m.csv:2: no location (a path, a git URL or a bundle)"));
        assertTrue(message("name,location\nx,\"/srv").endsWith("m.csv:2: a quoted field is not closed: 'x,\"/srv'"));
        assertTrue(message("name,location\nx,/a\nX,/b").contains("the name 'X' is listed twice"));
        assertTrue(message("name,location,commit\nx,/a,--upload-pack=evil").contains("is not a commit"));
        assertTrue(message("[1]").contains("entry 1: expected an object"));
    }

    private String message(String text) throws IOException {
        Path file = SurveyFixtures.manifest(dir.resolve("m.csv"), text);
        return assertThrows(ManifestException.class, () -> Manifest.read(file)).getMessage();
    }
}

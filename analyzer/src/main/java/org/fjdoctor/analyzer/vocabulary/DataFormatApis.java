package org.fjdoctor.analyzer.vocabulary;

import static org.fjdoctor.analyzer.vocabulary.Apis.io;
import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;
import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.staticMethod;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Apis.Api;

/**
 * The API table's entries for libraries that read or write the file, URL or stream they are handed ({@link Apis#TABLE}
 * reads them after {@link DriverApis}'): Jackson's data binding, commons-io's line iterator and Apache HttpClient's
 * {@code EntityUtils}, which reads a response's body from its connection. Jackson names its in-memory and its I/O
 * overloads alike ({@code readTree(String)} parses text, {@code readTree(File)} reads the file), so its entries match
 * by the type of the argument that says where the data is; an argument of unknown type does not match.
 */
final class DataFormatApis {

    private static final String JACKSON = "com.fasterxml.jackson.databind.";
    private static final String JACKSON_3 = "tools.jackson.databind.";
    /**
     * Jackson's mappers, the format modules' by their own names too (without the jar they are not known to extend
     * {@code ObjectMapper}), in Jackson 2's and 3's packages.
     */
    private static final String[] MAPPERS = {JACKSON + "ObjectMapper", JACKSON + "json.JsonMapper",
        "com.fasterxml.jackson.dataformat.xml.XmlMapper", "com.fasterxml.jackson.dataformat.yaml.YAMLMapper",
        "com.fasterxml.jackson.dataformat.csv.CsvMapper", JACKSON_3 + "ObjectMapper", JACKSON_3 + "json.JsonMapper"};
    private static final String[] READERS = {JACKSON + "ObjectReader", JACKSON_3 + "ObjectReader"};
    private static final String[] WRITERS = {JACKSON + "ObjectWriter", JACKSON_3 + "ObjectWriter"};
    /** Where a read's data is when it is not in memory (the first argument of Jackson's reads). */
    private static final Set<String> SOURCES = Set.of("java.io.File", "java.nio.file.Path", "java.net.URL",
            "java.io.InputStream", "java.io.Reader", "java.io.DataInput");
    /** Where a write's data goes when not to memory (the first argument of Jackson's writeValue). */
    private static final Set<String> TARGETS = Set.of("java.io.File", "java.nio.file.Path", "java.io.OutputStream",
            "java.io.Writer", "java.io.DataOutput");

    static final List<Api> TABLE = List.of(
            io(instanceMethod().onDescendantOf(MAPPERS).named("readTree", "readValue", "readValues")
                    .withArgumentOf(0, SOURCES, Apis.IN_MEMORY_STREAMS), "Jackson read"),
            io(instanceMethod().onDescendantOf(READERS).named("readTree", "readValue", "readValues")
                    .withArgumentOf(0, SOURCES, Apis.IN_MEMORY_STREAMS), "Jackson read"),
            io(instanceMethod().onDescendantOf(MAPPERS).named("writeValue")
                    .withArgumentOf(0, TARGETS, Apis.WRITES_THAT_DO_NOT_WAIT), "Jackson write"),
            io(instanceMethod().onDescendantOf(WRITERS).named("writeValue")
                    .withArgumentOf(0, TARGETS, Apis.WRITES_THAT_DO_NOT_WAIT), "Jackson write"),
            // commons-io's LineIterator reads the next line from its reader (a file's, from FileUtils.lineIterator)
            // when asked whether there is one.
            io(instanceMethod().onDescendantOf("org.apache.commons.io.LineIterator").named("hasNext", "next",
                    "nextLine"), "commons-io LineIterator read"),
            // A response entity's content is a stream over the connection: reading it whole, or to its end to
            // release the connection, waits for the server's bytes.
            io(staticMethod().onClass("org.apache.http.util.EntityUtils",
                    "org.apache.hc.core5.http.io.entity.EntityUtils").named("toString", "toByteArray", "consume",
                    "consumeQuietly", "parse"), "HttpClient EntityUtils read"));

    private DataFormatApis() {
    }
}

package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A file read field by field through a {@code DataInputStream} or an {@code ObjectInputStream}
 * ({@code readInt()}, {@code readByte()}, {@code readObject()}) waits on the file as {@code read()} does;
 * the same wrapper over a byte array decodes memory and never waits.
 */
class DataStreamReadTest {

    @Test
    void typedReadsOfAFileBlockAndOfAByteArrayDoNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Players.java", """
                        package p;
                        import java.io.*;
                        import java.util.List;
                        class Players {
                            static final class TagReader implements Closeable {
                                private final DataInputStream is;
                                TagReader(InputStream in) {
                                    this.is = new DataInputStream(new BufferedInputStream(in));
                                }
                                int readTag() throws IOException {
                                    return is.readByte() == 0 ? 0 : is.readInt();
                                }
                                @Override
                                public void close() throws IOException {
                                    is.close();
                                }
                            }
                            void loadAll(List<File> files) {
                                files.parallelStream().map(Players::load).forEach(System.out::println); // expect: blocking-in-common-pool
                            }
                            void restoreAll(List<File> files) {
                                files.parallelStream().map(Players::restore).forEach(System.out::println); // expect: blocking-in-common-pool
                            }
                            void decodeAll(List<byte[]> messages) {
                                messages.parallelStream().map(Players::decode).forEach(System.out::println);
                            }
                            static int load(File file) {
                                try (TagReader in = new TagReader(new FileInputStream(file))) {
                                    return in.readTag();
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                            static Object restore(File file) {
                                try (ObjectInputStream in = new ObjectInputStream(new FileInputStream(file))) {
                                    return in.readObject();
                                } catch (IOException | ClassNotFoundException e) {
                                    throw new IllegalStateException(e);
                                }
                            }
                            static long decode(byte[] message) {
                                try (DataInputStream in = new DataInputStream(new BufferedInputStream(new ByteArrayInputStream(message)))) {
                                    return in.readLong() + in.readInt();
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """).check();
    }
}

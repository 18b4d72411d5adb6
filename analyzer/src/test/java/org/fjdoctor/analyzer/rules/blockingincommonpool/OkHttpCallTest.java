package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * OkHttp's jar is absent here: {@code client.newCall(request)} has no type of its own, so the {@code execute()}
 * ending the chain is an HTTP round trip only once the call is typed as an {@code okhttp3.Call}.
 */
class OkHttpCallTest {

    @Test
    void anExecutedCallOfTheClientIsAnHttpRoundTrip() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Client.java", """
                        package p;
                        import java.util.List;
                        import okhttp3.OkHttpClient;
                        import okhttp3.Request;
                        class Client {
                            private final OkHttpClient http = new OkHttpClient();
                            long fetch(List<Request> requests) {
                                return requests.parallelStream().map(r -> { // expect: blocking-in-common-pool
                                    try {
                                        return http.newCall(r).execute();
                                    } catch (Exception e) {
                                        return null;
                                    }
                                }).count();
                            }
                            long build(List<Request> requests) {
                                return requests.parallelStream().map(r -> http.newCall(r)).count();
                            }
                        }
                        """)
                .check();
    }
}

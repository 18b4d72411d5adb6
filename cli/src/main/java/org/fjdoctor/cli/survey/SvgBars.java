package org.fjdoctor.cli.survey;

import java.util.List;
import java.util.Locale;

/** A horizontal bar chart as inline SVG: one bar per label, scaled to the largest value, the value at its end. */
final class SvgBars {

    private static final int LABEL_WIDTH = 230;
    private static final int BAR_WIDTH = 300;
    private static final int ROW = 20;

    private SvgBars() {
    }

    static String chart(List<String> labels, List<Long> values, String what) {
        long max = values.stream().mapToLong(Long::longValue).max().orElse(0);
        int height = ROW * labels.size() + 10;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">",
                LABEL_WIDTH + BAR_WIDTH + 60, height, SummaryWriter.escape(what)));
        for (int i = 0; i < labels.size(); i++) {
            long value = values.get(i);
            int width = max == 0 ? 0 : (int) Math.round((double) BAR_WIDTH * value / max);
            int y = 5 + i * ROW;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\">%s</text>",
                    LABEL_WIDTH - 6, y + 13, SummaryWriter.escape(labels.get(i))));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#4a7bb7\"/>",
                    LABEL_WIDTH, y + 2, width, ROW - 6));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"12\">%d</text>",
                    LABEL_WIDTH + width + 4, y + 13, value));
        }
        return svg.append("</svg>").toString();
    }
}

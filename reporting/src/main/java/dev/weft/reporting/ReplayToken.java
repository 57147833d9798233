package dev.weft.reporting;

import dev.weft.dpor.Schedule;
import dev.weft.scheduler.model.Event;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * A copy-pasteable token for one interleaving: the schedule (which thread moved at each step, run-length encoded and
 * compressed) plus a fingerprint of the operations it performed, so that a replay can tell when the code changed
 * under it.
 *
 * <p>Form: {@code weft1.<schedule>.<fingerprint>}, URL-safe base64 without padding and 8 hex digits.
 */
public record ReplayToken(Schedule schedule, String fingerprint) {

    private static final String PREFIX = "weft1.";

    /** The token of an execution that ran. */
    public static ReplayToken of(Schedule schedule, List<Event> events) {
        return new ReplayToken(schedule, fingerprint(events));
    }

    /** The fingerprint of the operations of an execution: which thread did what to what, in order. */
    public static String fingerprint(List<Event> events) {
        CRC32 crc = new CRC32();
        for (Event e : events) {
            crc.update((e.thread().name() + '|' + e.operation() + '\n').getBytes(StandardCharsets.UTF_8));
        }
        return String.format("%08x", crc.getValue());
    }

    public String encode() {
        byte[] compressed = deflate(runLengthText(schedule.threadNames()).getBytes(StandardCharsets.UTF_8));
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(compressed) + "." + fingerprint;
    }

    /**
     * Reads a token.
     *
     * @throws IllegalArgumentException with what is wrong when the text is not a token of this version
     */
    public static ReplayToken decode(String token) {
        String text = token.strip();
        int dot = text.lastIndexOf('.');
        if (!text.startsWith(PREFIX) || dot <= PREFIX.length()) {
            throw new IllegalArgumentException("not a Weft replay token (expected 'weft1.<schedule>.<fingerprint>'"
                    + " as printed in a failure report): '" + token + "'");
        }
        try {
            byte[] compressed = Base64.getUrlDecoder().decode(text.substring(PREFIX.length(), dot));
            String runs = new String(inflate(compressed), StandardCharsets.UTF_8);
            return new ReplayToken(new Schedule(fromRunLengthText(runs)), text.substring(dot + 1));
        } catch (IllegalArgumentException | DataFormatException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("damaged Weft replay token (copy it whole from the report): '"
                    + token + "'", e);
        }
    }

    /** {@code main,main.1|0*3 1*2 0} : the thread names, then runs of indexes into them. */
    private static String runLengthText(List<String> names) {
        Map<String, Integer> numbers = new LinkedHashMap<>();
        StringBuilder runs = new StringBuilder();
        int i = 0;
        while (i < names.size()) {
            int number = numbers.computeIfAbsent(names.get(i), n -> numbers.size());
            int length = 1;
            while (i + length < names.size() && names.get(i + length).equals(names.get(i))) {
                length++;
            }
            runs.append(runs.length() == 0 ? "" : " ").append(number).append(length == 1 ? "" : "*" + length);
            i += length;
        }
        return String.join(",", numbers.keySet()) + "|" + runs;
    }

    private static List<String> fromRunLengthText(String text) {
        int bar = text.indexOf('|');
        String[] names = text.substring(0, bar).split(",");
        List<String> schedule = new ArrayList<>();
        String runs = text.substring(bar + 1);
        if (runs.isEmpty()) {
            return schedule;
        }
        for (String run : runs.split(" ")) {
            int star = run.indexOf('*');
            int number = Integer.parseInt(star < 0 ? run : run.substring(0, star));
            int length = star < 0 ? 1 : Integer.parseInt(run.substring(star + 1));
            for (int k = 0; k < length; k++) {
                schedule.add(names[number]);
            }
        }
        return schedule;
    }

    private static byte[] deflate(byte[] input) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        deflater.setInput(input);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[1024];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }

    private static byte[] inflate(byte[] input) throws DataFormatException {
        Inflater inflater = new Inflater(true);
        inflater.setInput(input);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[1024];
        while (!inflater.finished()) {
            int n = inflater.inflate(buffer);
            if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                throw new DataFormatException("truncated");
            }
            out.write(buffer, 0, n);
        }
        inflater.end();
        return out.toByteArray();
    }
}

import java.util.concurrent.ForkJoinPool;

import com.agutsul.chess.ai.ActionSelectionStrategy;
import com.agutsul.chess.ai.SelectionStrategy;
import com.agutsul.chess.board.StandardBoard;
import com.agutsul.chess.color.Colors;
import com.agutsul.chess.journal.JournalImpl;

/**
 * Workload for agutsul/chess' move selection (a RecursiveTask per half of the candidate moves, each move
 * simulated on a copy of the board, the opponent's reply searched by a forked subtask). Written for
 * fjdoctor; only calls the project's public API. Each round sets up a new standard board and selects a
 * move for white (even rounds) or black with the given strategy, in a pool of the given number of
 * workers. Arguments: rounds, strategy (ALPHA_BETA or MIN_MAX; MIN_MAX takes about 90 s a round here).
 * Prints a checksum of the moves selected.
 */
public class Driver {

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        var type = args.length > 1 ? SelectionStrategy.Type.valueOf(args[1]) : SelectionStrategy.Type.ALPHA_BETA;
        int threads = Integer.getInteger("fjdoctor.threads", Runtime.getRuntime().availableProcessors());
        long checksum = 0;
        try (var pool = new ForkJoinPool(threads)) {
            for (int r = 0; r < rounds; r++) {
                var board = new StandardBoard();
                var strategy = new ActionSelectionStrategy(board, new JournalImpl(), pool, type);
                var move = strategy.select(r % 2 == 0 ? Colors.WHITE : Colors.BLACK);
                checksum = checksum * 31 + move.map(String::valueOf).orElse("-").hashCode();
            }
        }
        System.out.println("checksum=" + checksum);
    }
}

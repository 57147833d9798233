package dev.weft.dpor.model;

import java.util.List;

/**
 * The code of one model thread: its instructions and how many registers it uses. Falling off the end of the code
 * ends the thread.
 *
 * @param label     the name the program listing uses for it ({@code main}, {@code T1}, ...)
 * @param code      the instructions
 * @param registers the number of registers
 * @param daemon    a daemon thread: the execution ends without it once every other thread has ended
 */
record ThreadCode(String label, List<Instr> code, int registers, boolean daemon) {

    ThreadCode {
        code = List.copyOf(code);
    }

    ThreadCode asDaemon() {
        return new ThreadCode(label, code, registers, true);
    }
}

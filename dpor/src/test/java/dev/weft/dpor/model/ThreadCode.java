package dev.weft.dpor.model;

import java.util.List;

/**
 * The code of one model thread: its instructions and how many registers it uses. Falling off the end of the code
 * ends the thread.
 *
 * @param label     the name the program listing uses for it ({@code main}, {@code T1}, ...)
 * @param code      the instructions
 * @param registers the number of registers
 */
record ThreadCode(String label, List<Instr> code, int registers) {

    ThreadCode {
        code = List.copyOf(code);
    }
}

package dev.weft.samples.demo;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.bank.Account;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's demonstration: an ordinary-looking test of {@link Account} that passes when run once, and that Weft
 * fails because one interleaving of the two transfers loses money. Run it with
 * {@code mvn -pl sample-tests test -Pdemo}; the normal build leaves it out because it is meant to fail.
 */
class BankAccountDemoTest {

    @ExhaustiveConcurrency
    void transfersKeepTheTotal() throws Exception {
        Account a = new Account(100);
        Account b = new Account(0);
        Thread t1 = new Thread(() -> a.transferTo(b, 60));
        Thread t2 = new Thread(() -> b.transferTo(a, 10));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assertThat(a.balance() + b.balance()).isEqualTo(100);
    }
}

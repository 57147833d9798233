package dev.weft.samples.bank;

/**
 * A bank account with a transfer that looks right and is not: it reads both balances, then writes both, without
 * holding anything. Two transfers in opposite directions can interleave so that money appears or vanishes.
 */
public class Account {

    private int balance;

    public Account(int balance) {
        this.balance = balance;
    }

    public int balance() {
        return balance;
    }

    public void transferTo(Account to, int amount) {
        int mine = balance;
        int theirs = to.balance;
        balance = mine - amount;
        to.balance = theirs + amount;
    }
}

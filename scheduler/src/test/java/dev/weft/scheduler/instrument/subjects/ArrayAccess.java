package dev.weft.scheduler.instrument.subjects;

public class ArrayAccess {

    public static String copyFirstToSecond(int[] i, long[] l, float[] f, double[] d, byte[] b, char[] c, short[] s,
                                           boolean[] z, Object[] o) {
        i[1] = i[0]; // mark:int
        l[1] = l[0]; // mark:long
        f[1] = f[0]; // mark:float
        d[1] = d[0]; // mark:double
        b[1] = b[0]; // mark:byte
        c[1] = c[0]; // mark:char
        s[1] = s[0]; // mark:short
        z[1] = z[0]; // mark:boolean
        o[1] = o[0]; // mark:object
        return "" + i[1] + l[1] + f[1] + d[1] + b[1] + c[1] + s[1] + z[1] + o[1];
    }
}

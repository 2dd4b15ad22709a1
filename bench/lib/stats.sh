# Shared by the bench scripts (sourced): the figures they derive from their runs.

# median: the median of the numbers on stdin, one per line.
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# ratio A B: B / A to three decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b / a }'; }

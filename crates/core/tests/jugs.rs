//! The jugs example prints the generic solver's eight states: the example's own code, included here.

#[path = "../examples/jugs.rs"]
mod jugs;

#[test]
fn jugs_example_prints_the_seven_pour_solution() {
    let lines = jugs::solution_lines().expect("the jugs puzzle is solved");
    assert_eq!(lines.len(), 8, "seven pours, eight states: {lines:?}");
    assert_eq!(lines[0], "(0, 0, 8)");
    assert_eq!(lines[7], "(0, 4, 4)");
    // Every state holds the 8 litres it started with.
    for line in &lines {
        let litres: u32 = line.trim_matches(['(', ')']).split(", ").map(|x| x.parse::<u32>().unwrap()).sum();
        assert_eq!(litres, 8, "{line}");
    }
}

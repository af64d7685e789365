// The planner's one reader of search lists ("1,2,4", "64-512"), shared by the GUI's planner and
// the CLI's plan: items, ranges, the faults of the list and of each item, trimming, and the
// expansion of a range into the multiples of a step.
#include <QtTest>

#include "plan/search_list.h"

using namespace cp;

class TestSearchList : public QObject {
  Q_OBJECT
 private slots:
  void numbersAndRanges() {
    const SearchList l = parse_search_list("1,2,64-512");
    QVERIFY(l.ok());
    QCOMPARE(l.items.size(), std::size_t(3));
    QCOMPARE(l.items[0].lo, 1LL);
    QCOMPARE(l.items[0].hi, 1LL);
    QVERIFY(!l.items[0].range);
    QVERIFY(l.items[2].range);
    QCOMPARE(l.items[2].lo, 64LL);
    QCOMPARE(l.items[2].hi, 512LL);
    QCOMPARE(l.items[2].text, std::string("64-512"));
  }

  void listFaults() {
    QCOMPARE(parse_search_list("").fault, ListFault::EmptyList);
    QCOMPARE(parse_search_list("1,,2").fault, ListFault::EmptyItem);
    QCOMPARE(parse_search_list("1,").fault, ListFault::EmptyItem);
    QVERIFY(parse_search_list("1,").items.empty());
    QCOMPARE(list_fault_text(ListFault::EmptyList, ""), std::string("the list is empty"));
    QCOMPARE(list_fault_text(ListFault::EmptyItem, "1,,2"), std::string("empty item in the list '1,,2'"));
    QCOMPARE(list_fault_text(ListFault::NotWhole, "x"), std::string());
  }

  // Every item is read, so that a reader can name every refused one.
  void itemFaults() {
    const SearchList l = parse_search_list("abc,0,64-16,4,-4,1-x,99999999999");
    QVERIFY(!l.ok());
    QCOMPARE(l.fault, ListFault::None);
    QCOMPARE(l.items.size(), std::size_t(7));
    QCOMPARE(l.items[0].fault, ListFault::NotWhole);  // not a number
    QCOMPARE(l.items[1].fault, ListFault::NotWhole);  // below min 1
    QCOMPARE(l.items[2].fault, ListFault::NotRange);  // B < A
    QCOMPARE(l.items[3].fault, ListFault::None);
    QCOMPARE(l.items[4].fault, ListFault::NotWhole);  // a leading dash is a sign, not a range
    QCOMPARE(l.items[5].fault, ListFault::NotRange);
    QCOMPARE(l.items[6].fault, ListFault::NotWhole);  // above INT_MAX
  }

  void rules() {
    QVERIFY(!parse_search_list("1, 2").ok());                          // no trimming by default
    QVERIFY(parse_search_list(" 1 , 2 - 4 ", {.trim = true}).ok());    // the GUI trims
    QCOMPARE(parse_search_list(" , 1", {.trim = true}).fault, ListFault::EmptyItem);
    QCOMPARE(parse_search_list("   ", {.trim = true}).fault, ListFault::EmptyList);
    QCOMPARE(parse_search_list("2-4", {.ranges = false}).items[0].fault, ListFault::NotWhole);
    QVERIFY(parse_search_list("0,5", {.min = 0, .max = 5}).ok());
    QVERIFY(!parse_search_list("6", {.min = 0, .max = 5}).ok());
  }

  void expand() {
    std::vector<int> out;
    bool none = true;
    QVERIFY(expand_range(3, 6, 1, 100, out, none));
    QVERIFY(!none);
    QCOMPARE(out, (std::vector<int>{3, 4, 5, 6}));
    out.clear();
    QVERIFY(expand_range(10, 40, 8, 100, out, none));
    QCOMPARE(out, (std::vector<int>{16, 24, 32, 40}));
    out.clear();
    QVERIFY(expand_range(9, 15, 8, 100, out, none));
    QVERIFY(none);  // no multiple of 8 in 9-15
    QVERIFY(out.empty());
    out = {1, 2};
    QVERIFY(!expand_range(1, 10, 1, 5, out, none));  // would pass the limit of 5 values
    QVERIFY(out.size() <= 5);
  }
};

QTEST_GUILESS_MAIN(TestSearchList)
#include "tst_search_list.moc"

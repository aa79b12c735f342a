//! Pages as trees of containers and blocks (a small builder below), and
//! which container the score picks: one case per kind of page reader modes
//! meet (menus before the text, sidebars, comments longer than the
//! article, an article split in parts, CJK text, a page with no article).

use super::*;

/// A node of a test page: a container with children, or a block.
enum N {
    C(&'static str, &'static str, Vec<N>),
    /// A block: characters, link characters, commas.
    B(u32, u32, u32),
    /// A long block that is a candidate itself (a `td`), named.
    Own(&'static str, u32, u32),
    /// A run of link-only text directly in a container (a menu's items are
    /// each under 25 characters: no block, but their text counts).
    Links(u32),
}
use N::*;

/// Flattens `root`'s children (the body's) into facts; returns the index
/// of each container named by its hint's first word.
fn build(root: Vec<N>) -> (BlockFacts, Vec<String>) {
    let mut facts = BlockFacts::default();
    let mut names = Vec::new();
    fn walk(n: &N, stack: &mut Vec<u32>, facts: &mut BlockFacts, names: &mut Vec<String>) -> (u32, u32) {
        match n {
            C(tag, hint, kids) => {
                let i = facts.containers.len() as u32;
                facts.containers.push(ContainerFact { tag: tag.to_string(), hint: hint.to_string(), parent: stack.last().copied(), ..Default::default() });
                names.push(hint.split(' ').next().unwrap_or_default().to_string());
                stack.push(i);
                let (mut chars, mut links) = (0, 0);
                for k in kids {
                    let (c, l) = walk(k, stack, facts, names);
                    chars += c;
                    links += l;
                }
                stack.pop();
                let c = &mut facts.containers[i as usize];
                c.chars = chars;
                c.link_chars = links;
                (chars, links)
            }
            B(chars, links, commas) => {
                let path: Vec<u32> = stack.iter().rev().take(3).copied().collect();
                let boiler = stack.iter().rev().copied().find(|&c| {
                    let c = &facts.containers[c as usize];
                    hints::is_boilerplate(c) || ["nav", "aside", "footer"].contains(&c.tag.as_str())
                });
                facts.blocks.push(BlockFact { chars: *chars, link_chars: *links, commas: *commas, words: chars / 6, path, boiler, ..Default::default() });
                (*chars, *links)
            }
            Own(tag, chars, commas) => {
                let i = facts.containers.len() as u32;
                facts.containers.push(ContainerFact { tag: tag.to_string(), chars: *chars, parent: stack.last().copied(), ..Default::default() });
                names.push(tag.to_string());
                let path: Vec<u32> = stack.iter().rev().take(3).copied().collect();
                facts.blocks.push(BlockFact { chars: *chars, commas: *commas, words: chars / 6, path, own: Some(i), ..Default::default() });
                (*chars, 0)
            }
            Links(n) => (*n, *n),
        }
    }
    for n in &root {
        walk(n, &mut Vec::new(), &mut facts, &mut names);
    }
    (facts, names)
}

fn chosen(root: Vec<N>) -> Option<String> {
    let (facts, names) = build(root);
    choose(&facts).map(|i| names[i].clone())
}

fn paragraphs(n: usize, chars: u32, commas: u32) -> Vec<N> {
    (0..n).map(|_| B(chars, 0, commas)).collect()
}

fn nav() -> N {
    C("div", "site-nav menu", vec![Links(600), B(40, 40, 0)])
}

fn article(hint: &'static str, n: usize) -> N {
    C("div", hint, paragraphs(n, 320, 3))
}

#[test]
fn a_nav_heavy_page_without_landmarks_gets_the_article_body() {
    let page = vec![C("div", "wrapper", vec![nav(), C("div", "container", vec![C("div", "post", vec![article("entry-content", 8)])])])];
    assert_eq!(chosen(page).as_deref(), Some("entry-content"));
}

#[test]
fn unnamed_divs_are_found_by_their_prose_alone() {
    let page = vec![C("div", "a1", vec![C("div", "a2", vec![Links(900)]), C("div", "a3", vec![C("div", "a4", paragraphs(6, 400, 4))]), C("div", "a5", vec![Links(500), B(60, 50, 0)])])];
    assert_eq!(chosen(page).as_deref(), Some("a4"));
}

#[test]
fn comments_longer_than_the_article_do_not_win() {
    let comments = C("div", "comments-area", (0..20).map(|_| C("div", "comment-body", paragraphs(2, 300, 3))).collect());
    let page = vec![C("div", "site", vec![nav(), article("story", 5), comments])];
    assert_eq!(chosen(page).as_deref(), Some("story"));
}

#[test]
fn prose_in_a_sidebar_does_not_win() {
    let page = vec![C("div", "layout", vec![C("aside", "widget-area", paragraphs(8, 400, 4)), C("div", "x", paragraphs(5, 350, 3))])];
    assert_eq!(chosen(page).as_deref(), Some("x"));
}

#[test]
fn a_lead_beside_the_body_takes_the_parent() {
    let page = vec![C("div", "page", vec![nav(), C("div", "article-wrap", vec![B(180, 0, 1), B(220, 0, 2), article("body-copy", 6)])])];
    assert_eq!(chosen(page).as_deref(), Some("article-wrap"));
}

#[test]
fn the_climb_stops_below_a_wrapper_full_of_links() {
    let side = C("div", "links", vec![Links(3000), B(30, 28, 0), B(30, 28, 0)]);
    let page = vec![C("div", "outer", vec![side, C("div", "inner", vec![B(300, 0, 2), article("text", 5)])])];
    assert_eq!(chosen(page).as_deref(), Some("inner"));
}

#[test]
fn a_table_cell_of_text_is_an_article_of_its_own() {
    let nav = C("td", "navcell", vec![Links(300), B(60, 55, 0), B(80, 75, 0)]);
    let page = vec![C("table", "", vec![C("tr", "row1", vec![nav, Own("td", 2000, 15)])])];
    assert_eq!(chosen(page).as_deref(), Some("row1"));
}

#[test]
fn a_chapter_of_sections_is_the_article() {
    let sect = |name: &'static str| C("div", name, vec![B(200, 0, 1), C("dl", "list", paragraphs(10, 250, 3))]);
    let page = vec![nav(), C("div", "chapter", vec![C("div", "toc", vec![Links(800)]), sect("s1"), sect("s2"), sect("s3")])];
    assert_eq!(chosen(page).as_deref(), Some("chapter"));
}

#[test]
fn shortlisted_containers_alone_compete_once_measured() {
    let (mut facts, names) = build(vec![C("div", "w", vec![nav(), article("story", 6), C("div", "other", paragraphs(5, 300, 3))])]);
    let list = shortlist(&facts);
    let story = names.iter().position(|n| n == "story").unwrap();
    assert!(list.contains(&story) && list.contains(&names.iter().position(|n| n == "w").unwrap()), "{list:?}");
    for (i, c) in facts.containers.iter_mut().enumerate() {
        c.measured = i != story;
    }
    assert_ne!(choose(&facts), Some(story));
}

#[test]
fn cjk_prose_with_cjk_commas_is_found() {
    let page = vec![C("div", "top", vec![nav(), C("div", "zw", paragraphs(6, 160, 6)), C("div", "foot links", vec![Links(400)])])];
    assert_eq!(chosen(page).as_deref(), Some("zw"));
}

#[test]
fn a_page_of_links_has_no_article() {
    let page = vec![C("div", "grid", (0..30).map(|_| C("div", "card", vec![B(60, 60, 0)])).collect())];
    assert_eq!(chosen(page), None);
    assert_eq!(chosen(vec![C("div", "app", vec![B(40, 0, 0), B(30, 0, 0)])]), None);
}

#[test]
fn measure_counts_collapsed_characters_commas_and_words() {
    assert_eq!(BlockFact::measure("  Hello,   big\n world  "), (16, 1, 3));
    assert_eq!(BlockFact::measure("风暴袭击了沿海地区，居民们正在撤离、"), (18, 2, 11));
    assert_eq!(BlockFact::measure(""), (0, 0, 0));
}

#[test]
fn prose_counts_long_low_link_blocks_inside_the_region() {
    let (facts, names) = build(vec![C("div", "w", vec![
        C("div", "comments", paragraphs(4, 300, 2)),
        C("div", "story", vec![B(300, 0, 2), B(300, 200, 0), B(100, 0, 0), B(600, 0, 4)]),
    ])]);
    let story = names.iter().position(|n| n == "story");
    assert_eq!(prose(&facts, story), Prose { paragraphs: 2, words: 150 });
    // The whole page: the comments are boilerplate.
    assert_eq!(prose(&facts, None), Prose { paragraphs: 2, words: 150 });
}

#[test]
fn a_post_of_br_separated_paragraphs_counts_them() {
    let mut facts = BlockFacts::default();
    facts.blocks.push(BlockFact { chars: 1300, words: 220, breaks: 6, ..Default::default() });
    facts.blocks.push(BlockFact { chars: 200, words: 30, breaks: 8, ..Default::default() });
    assert_eq!(prose(&facts, None), Prose { paragraphs: 5, words: 250 });
}
